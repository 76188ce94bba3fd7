import { deepmerge } from '@mui/utils';
import type { ThemeOptions } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { reducedMotionStyles, reducedMotionThemeOptions } from '@lp/shared/motion';

/**
 * react-admin's default look with colours that meet WCAG 2.2 AA (4.5:1 text, 3:1 components).
 * The app bar keeps its blue one step darker: white on #2196f3 was 3.12:1, on #1976d2 it is 4.60:1.
 * Primary (links such as 'Back to versions', buttons) was #1976d2, 4.41:1 on the page background;
 * #1565c0 is 5.51:1.
 */
const focusRing = (colour: string) => ({
  outline: `3px solid ${colour}`,
  outlineOffset: 2,
  boxShadow: '0 0 0 2px #ffffff',
});
const insetRing = (colour: string) => ({ outline: `3px solid ${colour}`, outlineOffset: -3 });

function accessible(base: ThemeOptions, ring: string): ThemeOptions {
  return deepmerge(base, {
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          'a:focus-visible': focusRing(ring),
          '[tabindex="-1"]:focus': { outline: 'none' },
          ...reducedMotionStyles,
        },
      },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(ring) } } },
      MuiRadio: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { ...focusRing(ring), outlineOffset: -2, boxShadow: 'none' } },
        },
      },
      MuiCheckbox: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { ...focusRing(ring), outlineOffset: -2, boxShadow: 'none' } },
        },
      },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing(ring) } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing(ring) } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': insetRing(ring) } } },
      // Phones: every icon button and checkbox is at least a 24 px target (WCAG 2.5.8).
      MuiIconButton: { styleOverrides: { root: { minWidth: 32, minHeight: 32 } } },
    },
  } satisfies ThemeOptions);
}

export const studioLightTheme: ThemeOptions = accessible(
  deepmerge(defaultLightTheme, {
    palette: {
      primary: { main: '#1565c0', light: '#1976d2', dark: '#0d47a1', contrastText: '#ffffff' },
      secondary: { main: '#1976d2', light: '#6ec6ff', dark: '#0d47a1', contrastText: '#ffffff' },
      warning: { main: '#ad4b00', light: '#ed6c02', dark: '#7f3700', contrastText: '#ffffff' },
      info: { main: '#0369a1', light: '#0288d1', dark: '#01507c', contrastText: '#ffffff' },
      error: { main: '#c62828', light: '#ef5350', dark: '#9a1b1b', contrastText: '#ffffff' },
      success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#ffffff' },
    },
  } satisfies ThemeOptions),
  '#1565c0',
);

export const studioDarkTheme: ThemeOptions = accessible(defaultDarkTheme, '#90caf9');

/** A Studio theme for those who ask for reduced motion (App picks it by the media query). */
const withReducedMotion = (options: ThemeOptions): ThemeOptions => deepmerge(options, reducedMotionThemeOptions);
export const studioLightThemeReduced = withReducedMotion(studioLightTheme);
export const studioDarkThemeReduced = withReducedMotion(studioDarkTheme);
