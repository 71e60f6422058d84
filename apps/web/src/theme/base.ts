/*
 * The palette, type scale and shape shared by the admin theme and the sign-in pages' theme. No
 * react-admin here: the sign-in pages load without it.
 */
/** The project's palette, type scale and spacing: shown live on the documentation pages. */
export const palette = {
  primary: { main: '#0d4f8b', light: '#3f7bbf', dark: '#06325c', contrastText: '#ffffff' },
  // White text on a filled chip or button, and the colour itself as text on white or the page background, reach
  // WCAG AA (4.5:1): MUI's stock orange #ed6c02 gave white-on-orange chips 3.1:1, the first orange 4.49:1.
  secondary: { main: '#b34e15', light: '#f08749', dark: '#8c3500', contrastText: '#ffffff' },
  success: { main: '#2e7d32' },
  error: { main: '#c62828' },
  warning: { main: '#b35000', light: '#ed6c02', dark: '#8a3d00', contrastText: '#ffffff' },
  info: { main: '#0277bd' },
  background: { default: '#f4f6f9', paper: '#ffffff' },
} as const;

export const SPACING_UNIT = 8;
export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_CLOSED_WIDTH = 56;

/**
 * Who asked their system for less motion (WCAG 2.3.3) gets none: no transition (dialogs, menus and the sidebar
 * appear and leave at once) and no ripple. Read once, when the app loads.
 */
const prefersReducedMotion = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const NO_MOTION = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

export const baseThemeOptions = {
  ...(prefersReducedMotion ? NO_MOTION : {}),
  palette: { mode: 'light' as const, ...palette },
  spacing: SPACING_UNIT,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 600 },
    h2: { fontSize: '1.875rem', fontWeight: 600 },
    h3: { fontSize: '1.5rem', fontWeight: 600 },
    h4: { fontSize: '1.375rem', fontWeight: 600 },
    h5: { fontSize: '1.125rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: prefersReducedMotion } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' as const } } },
    MuiPaper: { styleOverrides: { elevation1: { boxShadow: '0 1px 3px rgba(16, 24, 40, 0.12)' } } },
  },
};
