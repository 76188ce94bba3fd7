/**
 * Less motion for those who ask the system for it (`prefers-reduced-motion: reduce`, WCAG 2.3.3): both UIs use MUI,
 * whose transitions are run by JavaScript with the theme's durations, so a stylesheet alone cannot stop them. Plain
 * objects (no MUI import here), merged into each UI's theme.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/**
 * Theme options for reduced motion: menus, dialogs, drawers, collapses and tooltips appear and go at once (no
 * transition, zero durations for the components that time themselves), and no ripple spreads from a pressed button.
 */
export const reducedMotionThemeOptions = {
  transitions: { create: () => 'none', duration: NO_DURATION },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/**
 * Global styles (a CssBaseline override) for reduced motion, whatever the theme: no CSS transition or smooth scroll,
 * and no decorative animation (the skeletons' pulse and wave). Progress spinners keep turning: they say that
 * something is happening, which a still image would not.
 */
export const reducedMotionStyles = {
  [`@media ${REDUCED_MOTION_QUERY}`]: {
    '*, *::before, *::after': { transitionDuration: '0s !important', transitionDelay: '0s !important' },
    html: { scrollBehavior: 'auto !important' },
    '.MuiSkeleton-root, .MuiSkeleton-root::after': { animation: 'none !important' },
  },
};

/** Whether this browser asks for reduced motion now (false where matchMedia is missing, as in old test DOMs). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}
