import { and, asc, eq, gt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PRICE_LIST_COLUMNS, PRICE_LIST_SHEET, priceListHeader } from '@app/domain/environmental/price-list';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../i18n/translate.ts';
import { toEuros } from '@app/domain/environmental/fields';
import { contracts, laboratories, settings } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { worksheetStream } from '../../../lib/xlsx-stream.ts';

const PAGE = 1000;
const WIDTHS: Record<string, number> = { code: 18, articleCode: 16, articleName: 60, packetCode: 16, matrix: 28, analyticPackage: 36, price: 12 };

/**
 * A laboratory's price list as an xlsx stream, in the import's own layout (matrix and analytic
 * package by name; headers in the reader's language, which the import reads back either way), so an exported file can be edited and imported back. Lines are read page by page.
 */
export async function exportPriceList(db: TDb, laboratoryId: string, log: { error: (obj: object, msg: string) => void }, language: TLanguage = DEFAULT_LANGUAGE) {
  const [laboratory] = await db.select({ businessName: laboratories.businessName }).from(laboratories).where(eq(laboratories.id, laboratoryId));
  if (!laboratory) throw notFound('Laboratory');
  const matrix = alias(settings, 'matrix');
  const analyticPackage = alias(settings, 'analytic_package');
  const stream = worksheetStream(
    {
      sheetName: PRICE_LIST_SHEET[language],
      columns: PRICE_LIST_COLUMNS.map((c) => ({ header: priceListHeader(c, language), key: c.key, width: WIDTHS[c.key], ...(c.key === 'price' ? { numFmt: '#,##0.00' } : {}) })),
    },
    async (add) => {
      let after: { code: string; articleCode: string } | null = null;
      for (;;) {
        const page = await db
          .select({
            code: contracts.code,
            articleCode: contracts.articleCode,
            articleName: contracts.articleName,
            packetCode: contracts.packetCode,
            matrix: matrix.name,
            analyticPackage: analyticPackage.name,
            priceCents: contracts.priceCents,
          })
          .from(contracts)
          .leftJoin(matrix, eq(matrix.id, contracts.matrixSettingId))
          .leftJoin(analyticPackage, eq(analyticPackage.id, contracts.analyticPackageSettingId))
          .where(
            and(eq(contracts.laboratoryId, laboratoryId), after ? or(gt(contracts.code, after.code), and(eq(contracts.code, after.code), gt(contracts.articleCode, after.articleCode))) : undefined),
          )
          .orderBy(asc(contracts.code), asc(contracts.articleCode))
          .limit(PAGE);
        for (const { priceCents, ...line } of page) add({ ...line, price: toEuros(priceCents) });
        if (page.length < PAGE) break;
        after = page[page.length - 1];
      }
    },
    log,
  );
  const slug =
    laboratory.businessName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'laboratorio';
  return { fileName: `listino-${slug}.xlsx`, stream };
}
