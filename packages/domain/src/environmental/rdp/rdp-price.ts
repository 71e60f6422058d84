/**
 * The price of an RDP: the sum of the laboratory's contract prices for the RDP's analytic packages,
 * in integer cents. For each package the price-list line of that package and of the RDP's matrix
 * wins; a line for the package without a matrix is the fallback. A package the laboratory's price
 * list does not price is reported (`unpriced`), never counted as zero silently.
 */

export type TPriceLine = { id: string; analyticPackageSettingId: string | null; matrixSettingId: string | null; priceCents: number; code: string; articleCode: string };

export type TRdpPrice = {
  totalCents: number;
  lines: { analyticPackageSettingId: string; contractId: string; code: string; articleCode: string; priceCents: number }[];
  unpriced: string[];
};

export function computeRdpPrice(analyticPackageSettingIds: readonly string[], matrixSettingId: string | null, priceList: readonly TPriceLine[]): TRdpPrice {
  const lines: TRdpPrice['lines'] = [];
  const unpriced: string[] = [];
  for (const packageId of analyticPackageSettingIds) {
    const candidates = priceList.filter((l) => l.analyticPackageSettingId === packageId);
    // The most recent contract is not known here: among equals the lowest code/article wins, so the result is stable.
    const ordered = [...candidates].sort((a, b) => a.code.localeCompare(b.code) || a.articleCode.localeCompare(b.articleCode));
    const line = (matrixSettingId && ordered.find((l) => l.matrixSettingId === matrixSettingId)) || ordered.find((l) => l.matrixSettingId === null);
    if (!line) {
      unpriced.push(packageId);
      continue;
    }
    lines.push({ analyticPackageSettingId: packageId, contractId: line.id, code: line.code, articleCode: line.articleCode, priceCents: line.priceCents });
  }
  return { totalCents: lines.reduce((sum, l) => sum + l.priceCents, 0), lines, unpriced };
}
