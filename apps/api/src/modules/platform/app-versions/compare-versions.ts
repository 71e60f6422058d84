/**
 * Orders version strings the way people read them: numeric parts compared as numbers
 * ("1.10.0" > "1.9.3"), missing parts count as 0 ("1.2" = "1.2.0"), a pre-release comes before
 * its release ("2.0.0-rc.1" < "2.0.0") and build metadata ("+sha") is ignored, as in semver.
 * Strings that are not versions at all sort before every version, then by plain text.
 */
const VERSION = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function isVersionString(value: string): boolean {
  return VERSION.test(value.trim());
}

function compareIdentifiers(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  if (an) return -1; // numeric identifiers have lower precedence (semver 11.4.3)
  if (bn) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareVersions(a: string, b: string): number {
  const ma = VERSION.exec(a.trim());
  const mb = VERSION.exec(b.trim());
  if (!ma || !mb) {
    if (ma) return 1;
    if (mb) return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const na = ma[1].split('.').map(Number);
  const nb = mb[1].split('.').map(Number);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const d = (na[i] ?? 0) - (nb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  const pa = ma[2];
  const pb = mb[2];
  if (!pa && !pb) return 0;
  if (!pa) return 1;
  if (!pb) return -1;
  const ia = pa.split('.');
  const ib = pb.split('.');
  for (let i = 0; i < Math.max(ia.length, ib.length); i++) {
    if (ia[i] === undefined) return -1;
    if (ib[i] === undefined) return 1;
    const d = compareIdentifiers(ia[i], ib[i]);
    if (d !== 0) return d;
  }
  return 0;
}

/** The highest of a list of versions, or undefined for an empty list. */
export function highestVersion<T extends { version: string }>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || compareVersions(item.version, best.version) > 0) best = item;
  return best;
}
