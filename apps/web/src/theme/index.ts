import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { baseThemeOptions, palette, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from './base';

export { palette, SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH, SPACING_UNIT } from './base';

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
  ...baseThemeOptions,
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  components: {
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: palette.primary.main, color: '#fff' } } },
    ...baseThemeOptions.components,
    // react-admin's grey[300] form toolbar left the red Delete button at 4.25:1 contrast (WCAG AA needs 4.5).
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // react-admin lets a wide table widen the whole page (the app bar and buttons then sit off to one
    // side on a phone); the page keeps the screen's width and a wide table scrolls sideways in its card.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { maxWidth: '100%', '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
  },
});
