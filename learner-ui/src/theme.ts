import { alpha, createTheme, type ThemeOptions } from '@mui/material/styles';
import { reducedMotionStyles, reducedMotionThemeOptions } from '@lp/shared/motion';

/**
 * Colours meet WCAG 2.2 AA on both the paper (#fff) and the page background (#f6f7fb): 4.5:1 for
 * text, 3:1 for component edges and focus rings. The teal and orange keep their hue, one step darker
 * (#1595a3 was 3.58:1 with white text, #ed6c02 3.11:1; now 5.49:1 and 5.55:1).
 */
const PRIMARY = '#4353c9';
const FOCUS_RING = {
  outline: `3px solid ${PRIMARY}`,
  outlineOffset: 2,
  // A white inner edge keeps the ring visible against filled (dark) buttons too.
  boxShadow: '0 0 0 2px #ffffff',
};
/** Inside menus, lists and tab bars the ring sits inside the item so an overflow box cannot clip it. */
const INSET_FOCUS_RING = { outline: `3px solid ${PRIMARY}`, outlineOffset: -3 };

const options: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: PRIMARY, light: '#7382e6', dark: '#2f3a94', contrastText: '#ffffff' },
    secondary: { main: '#0e7480', light: '#4fc1cc', dark: '#0a5a63', contrastText: '#ffffff' },
    warning: { main: '#ad4b00', light: '#ed6c02', dark: '#7f3700', contrastText: '#ffffff' },
    info: { main: '#0369a1', light: '#0288d1', dark: '#01507c', contrastText: '#ffffff' },
    success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#ffffff' },
    error: { main: '#c62828', light: '#ef5350', dark: '#9a1b1b', contrastText: '#ffffff' },
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
    MuiCssBaseline: {
      styleOverrides: {
        // Links and anything else focusable that is not an MUI button get the same ring.
        'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible, summary:focus-visible': FOCUS_RING,
        // Headings receive focus on navigation (so screen readers start there); no ring for that.
        '[tabindex="-1"]:focus': { outline: 'none' },
        // Lesson HTML tables scroll inside their own box instead of squeezing to one word per line.
        '.lesson-html .table-scroll': { maxWidth: '100%', overflowX: 'auto', marginBlock: 12 },
        '.lesson-html table': { borderCollapse: 'collapse' },
        '.lesson-html th, .lesson-html td': { padding: '4px 8px', verticalAlign: 'top', minWidth: '8ch' },
        '.lesson-html img, .lesson-html video, .lesson-html iframe': { maxWidth: '100%', height: 'auto' },
        '.lesson-html pre': { maxWidth: '100%', overflowX: 'auto' },
        ...reducedMotionStyles,
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } },
    },
    MuiRadio: {
      // The default halo is a faint tint; a solid ring is 5.9:1 on the page background.
      styleOverrides: { root: { '&.Mui-focusVisible': { ...FOCUS_RING, outlineOffset: -2, boxShadow: 'none' } } },
    },
    MuiCheckbox: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...FOCUS_RING, outlineOffset: -2, boxShadow: 'none' } } },
    },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { paddingTop: 10, paddingBottom: 10 } },
    },
    MuiChip: {
      // Tinted chips keep their text at 4.5:1 or more.
      styleOverrides: { outlined: { backgroundColor: alpha('#ffffff', 0.9) } },
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
};

export const theme = createTheme(options);

/** The same look for those who ask for reduced motion (AppProviders picks it by the media query). */
export const reducedMotionTheme = createTheme(options, reducedMotionThemeOptions);
