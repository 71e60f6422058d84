/** Numeric, dot-separated comparison ('1.10.0' > '1.9.3'); a pre-release suffix sorts before the release. */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = a.trim().replace(/^v/i, '').split('-', 2);
  const [coreB, preB] = b.trim().replace(/^v/i, '').split('-', 2);
  const partsA = coreA.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const partsB = coreB.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const diff = (partsA[i] ?? 0) - (partsB[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (preA && !preB) return -1;
  if (!preA && preB) return 1;
  if (preA && preB) return preA < preB ? -1 : preA > preB ? 1 : 0;
  return 0;
}

export function isNewerVersion(latest: string | null | undefined, current: string | null | undefined): boolean {
  if (!latest) return false;
  if (!current) return false;
  return compareVersions(latest, current) > 0;
}
