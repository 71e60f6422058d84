import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { createElement } from 'react';
import { ThemeDataTableBody, ThemePagination } from '../components/listParts';
import { baseThemeOptions, palette, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './base';

export { palette, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH, SPACING_UNIT } from './base';
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

function loadingLabel(): string {
  try {
    return (globalThis.localStorage?.getItem('backoffice.locale') ?? '').includes('en') ? 'Loading' : 'Caricamento in corso';
  } catch {
    return 'Caricamento in corso';
  }
}

export const appTheme: RaThemeOptions = mergeDeep(defaultTheme as Record<string, unknown>, {
  ...baseThemeOptions,
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  components: {
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: palette.primary.main, color: '#fff' } } },
    ...baseThemeOptions.components,
    // react-admin's grey[300] form toolbar left the red Delete button at 4.25:1 contrast (WCAG AA needs 4.5).
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // A loading spinner is a progress bar to assistive technology and needs a name (axe aria-progressbar-name).
    // The admin app loads after sign-in, so the language chosen by then names it.
    MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel() } },
    // react-admin lets a wide table widen the whole page (the app bar and buttons then sit off to one
    // side on a phone); the page keeps the screen's width and a wide table scrolls sideways in its card.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    // Every list's pagination follows its rows' deferred render (components/DeferredListContext.tsx).
    // A list's toolbar (filters, period buttons, import, export) wraps onto a second line rather than running off the
    // left edge of a phone, where its first buttons could not be reached.
    RaTopToolbar: { styleOverrides: { root: { [PHONE]: { flexWrap: 'wrap', rowGap: 8, justifyContent: 'flex-start', paddingLeft: 8, paddingRight: 8 } } } },
    RaList: { defaultProps: { pagination: createElement(ThemePagination) }, styleOverrides: { root: { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
    // Tabs wider than the screen scroll, with arrows on a phone too, instead of the last tabs being cut off by the
    // screen's right edge (a company's "Orders" and "Users" tabs on a 390 px phone). Where they fit, nothing changes.
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
    // On a phone the filters fill the screen's width from its left edge, where a switch filter's label (MUI pulls it
    // 11 px left to line the switch up with the text above) cut the switch in half.
    RaFilterForm: { styleOverrides: { root: { [PHONE]: { '& .MuiFormControlLabel-root': { marginLeft: 0 } } } } },
    // A phone list's third text (a status) floats right at the end of the first line; under a first line that wraps
    // it hung beside the second one and squeezed it into a narrow column. The first line now contains its float, so
    // the status goes to the right of the title's last line or just below it, and the second line keeps the width.
    RaSimpleList: { styleOverrides: { root: { '& .MuiListItemText-primary': { display: 'flow-root' } } } },
    // react-admin's empty-list message is text.disabled grey (2.6:1); text.secondary reads at 5:1.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A read-only field is rendered disabled, but its help still has to be readable (MUI greys it to 2.7:1).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled:not(.Mui-error)': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    RaDataTable: {
      // Every cell knows its column's heading, shown next to the value on a phone (below).
      defaultProps: { body: ThemeDataTableBody },
      styleOverrides: {
        root: {
          maxWidth: '100%',
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          // Rows open with the keyboard (LabelledDataTableBody): the focused one must show where the keyboard is.
          '& .RaDataTable-row:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
          // On a phone every table is a simple list, not a table scrolling sideways: one block per record, its first
          // column on the first line, then one line per other value with its column's heading before it. The header
          // row is only hidden from sight, so screen readers keep the column names (and are not read the headings
          // shown here twice: the generated text has an empty alternative); lists with their own phone layout
          // (ResponsiveDataTable) never get here.
          [PHONE]: {
            '& .RaDataTable-tableWrapper': { overflowX: 'visible' },
            '& .RaDataTable-table, & .RaDataTable-tbody': { display: 'block', width: '100%' },
            '& .RaDataTable-thead': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
            '& .RaDataTable-row': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '12px', rowGap: '4px', padding: '10px 16px', borderBottom: '1px solid rgba(0, 0, 0, 0.12)' },
            '& .RaDataTable-rowCell': {
              display: 'flex',
              alignItems: 'baseline',
              columnGap: '8px',
              flexBasis: '100%',
              border: 0,
              padding: 0,
              minWidth: 0,
              maxWidth: '100%',
              overflowWrap: 'anywhere',
              textAlign: 'left',
              fontSize: '0.875rem',
              color: 'rgba(0, 0, 0, 0.87)',
            },
            '& .RaDataTable-rowCell[data-label]::before': {
              content: ['attr(data-label)', 'attr(data-label) / ""'],
              flex: '0 0 38%',
              maxWidth: '38%',
              fontSize: '0.75rem',
              lineHeight: 1.4,
              color: 'rgba(0, 0, 0, 0.6)',
            },
            '& .RaDataTable-rowCell:not(.MuiTableCell-paddingCheckbox):first-of-type, & .MuiTableCell-paddingCheckbox + .RaDataTable-rowCell': {
              fontSize: '1rem',
              fontWeight: 500,
            },
            '& .RaDataTable-rowCell:empty': { display: 'none' },
          },
        },
      },
    },
  },
});
