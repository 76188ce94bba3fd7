import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#4353c9', light: '#7382e6', dark: '#2f3a94', contrastText: '#ffffff' },
    secondary: { main: '#1595a3', light: '#4fc1cc', dark: '#0d6a74', contrastText: '#ffffff' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#1b2040', secondary: '#5a6180' },
    divider: 'rgba(27, 32, 64, 0.1)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, "Noto Sans", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { paddingTop: 10, paddingBottom: 10 } },
    },
    MuiCard: {
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderRadius: 14 } },
    },
    MuiTextField: {
      defaultProps: { variant: 'outlined' },
    },
    MuiAppBar: {
      styleOverrides: { root: { backgroundColor: 'rgba(255, 255, 255, 0.92)', backdropFilter: 'blur(8px)' } },
    },
  },
});
