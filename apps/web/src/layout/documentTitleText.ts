/** "<page> · <app name>" in the browser tab, or the app name alone. */
export function documentTitle(page: string | null | undefined, appName: string): string {
  const trimmed = page?.replace(/\s+/g, ' ').trim();
  return trimmed && trimmed !== appName ? `${trimmed} · ${appName}` : appName;
}
