import { defaultTheme, type RaThemeOptions } from 'react-admin';

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
/** MUI's `theme.breakpoints.down('sm')`, for style overrides written before the theme exists. */
const PHONE = '@media (max-width:599.95px)';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDeep<T extends Record<string, unknown>>(base: T, extra: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return out as T;
}

export const appTheme: RaThemeOptions = mergeDeep(defaultTheme as Record<string, unknown>, {
  palette: { mode: 'light', ...palette },
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
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  components: {
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: palette.primary.main, color: '#fff' } } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiPaper: { styleOverrides: { elevation1: { boxShadow: '0 1px 3px rgba(16, 24, 40, 0.12)' } } },
    // react-admin's grey[300] form toolbar left the red Delete button at 4.25:1 contrast (WCAG AA needs 4.5).
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // react-admin lets a wide table widen the whole page (the app bar and buttons then sit off to one
    // side on a phone); the page keeps the screen's width and a wide table scrolls sideways in its card.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
    // react-admin's empty-list message is text.disabled grey (2.6:1); text.secondary reads at 5:1.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A read-only field is rendered disabled, but its help still has to be readable (MUI greys it to 2.7:1).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled:not(.Mui-error)': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    RaDataTable: {
      styleOverrides: {
        root: {
          maxWidth: '100%',
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // On a phone every table is a simple list, not a table scrolling sideways: one block per record, its first
          // column on the first line and the other values wrapped after it. The header is only hidden from sight, so
          // screen readers keep the column names; lists with their own phone layout (ResponsiveDataTable) never get here.
          [PHONE]: {
            '& .RaDataTable-tableWrapper': { overflowX: 'visible' },
            '& .RaDataTable-table, & .RaDataTable-tbody': { display: 'block', width: '100%' },
            '& .RaDataTable-thead': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
            '& .RaDataTable-row': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '12px', rowGap: '2px', padding: '10px 16px', borderBottom: '1px solid rgba(0, 0, 0, 0.12)' },
            '& .RaDataTable-rowCell': { display: 'block', border: 0, padding: 0, minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere', fontSize: '0.875rem', color: 'rgba(0, 0, 0, 0.6)' },
            '& .RaDataTable-rowCell:not(.MuiTableCell-paddingCheckbox):first-of-type, & .MuiTableCell-paddingCheckbox + .RaDataTable-rowCell': {
              flexBasis: '100%',
              fontSize: '1rem',
              fontWeight: 500,
              color: 'rgba(0, 0, 0, 0.87)',
            },
            '& .RaDataTable-rowCell:empty': { display: 'none' },
          },
        },
      },
    },
  },
});
