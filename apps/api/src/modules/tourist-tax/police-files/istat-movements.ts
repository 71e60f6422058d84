import { and, eq, gte, lt } from 'drizzle-orm';
import { z } from 'zod';
import { findAlloggiatiCode } from '@app/domain/tourist-tax/alloggiati-codes';
import { computeIstatMovement, monthBounds, type TIstatMovement, type TResidence } from '@app/domain/tourist-tax/istat-movement';
import { stays } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { notFound } from '../../../lib/errors.ts';
import { xlsxBuffer, type TXlsxColumn } from '../../../lib/xlsx-write.ts';
import { findStructureInScope } from '../registry/scope.ts';

const ZFigures = { arrivals: z.number(), departures: z.number(), presences: z.number().describe('Guests present the night of the day') };
const ZDay = z.object({ date: z.string(), ...ZFigures });
const ZResidence = z.object({
  kind: z.enum(['province', 'state', 'unknown']).describe('province: resident in Italy; state: abroad; unknown: the lead guest has no residence'),
  code: z.string().describe('Province (2 letters) or state as recorded'),
  label: z.string().describe('The state named by the Alloggiati table when recorded as its code, else the code'),
});

export const ZIstatMovement = z.object({
  structure: z.object({ id: z.string(), name: z.string(), cin: z.string().nullable() }),
  month: z.string(),
  bedsAvailable: z.number().nullable().describe("The structure's available beds (availableSlots)"),
  roomsOccupied: z.null().describe('Not recorded: stays do not say which room the guests had'),
  days: z.array(ZDay).describe('One per day of the month, all residences'),
  residences: z.array(z.object({ residence: ZResidence, ...ZFigures, days: z.array(ZDay) })),
  totals: z.object(ZFigures),
});
export type TIstatMovementRecord = z.infer<typeof ZIstatMovement>;

function labelOf(residence: TResidence): string {
  if (residence.kind !== 'state') return residence.code;
  return findAlloggiatiCode(residence.code)?.name ?? residence.code;
}

function toRecord(structure: { id: string; name: string; cin: string | null; availableSlots: number | null }, movement: TIstatMovement): TIstatMovementRecord {
  return {
    structure: { id: structure.id, name: structure.name, cin: structure.cin },
    month: movement.month,
    bedsAvailable: structure.availableSlots,
    roomsOccupied: null,
    days: movement.days,
    residences: movement.residences.map((row) => ({ ...row, residence: { ...row.residence, label: labelOf(row.residence) } })),
    totals: movement.totals,
  };
}

/** The month's movement of one structure (stays that arrive, stay or leave in it), for its managers, its comune and admins. */
export async function loadIstatMovement(ctx: TSignedInContext, structureId: string, month: string): Promise<TIstatMovementRecord> {
  await requireAccess(ctx, 'structures', 'istatMovements', "Only the structure's managers, its comune and administrators read its movement of guests");
  const structure = await findStructureInScope(ctx.db, ctx, structureId);
  if (!structure) throw notFound('Structure');
  const { first, afterLast } = monthBounds(month);
  const rows = await ctx.db
    .select({ checkIn: stays.checkIn, checkOut: stays.checkOut, componentsNumber: stays.componentsNumber, guest: stays.guest, guests: stays.guests })
    .from(stays)
    .where(and(eq(stays.structureId, structure.id), lt(stays.checkIn, afterLast), gte(stays.checkOut, first)));
  return toRecord(structure, computeIstatMovement(month, rows));
}

const KIND_LABEL = { province: 'Provincia', state: 'Stato estero', unknown: 'Non indicata' } as const;
const FIGURE_COLUMNS: TXlsxColumn[] = [
  { header: 'Arrivi', key: 'arrivals', width: 10 },
  { header: 'Partenze', key: 'departures', width: 10 },
  { header: 'Presenze', key: 'presences', width: 10 },
];
const DATE = 'dd/mm/yyyy';
const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The movement as a workbook (Italian headers, as the forms ISTAT and the regions use): the days of
 * the month, the residences with their totals, and each residence day by day (the rows of C/59).
 */
export async function istatMovementXlsx(movement: TIstatMovementRecord): Promise<Buffer> {
  return xlsxBuffer([
    {
      sheetName: 'Giorni',
      columns: [{ header: 'Giorno', key: 'date', width: 12, numFmt: DATE }, ...FIGURE_COLUMNS],
      writeRows: async (add) => {
        for (const day of movement.days) add({ ...day, date: asDate(day.date) });
        add({ date: 'Totale', ...movement.totals }, { bold: true });
        await Promise.resolve();
      },
    },
    {
      sheetName: 'Residenze',
      columns: [{ header: 'Residenza', key: 'kind', width: 14 }, { header: 'Provincia o Stato', key: 'label', width: 30 }, ...FIGURE_COLUMNS],
      writeRows: async (add) => {
        for (const row of movement.residences) add({ kind: KIND_LABEL[row.residence.kind], label: row.residence.label, ...row });
        add({ kind: 'Totale', ...movement.totals }, { bold: true });
        await Promise.resolve();
      },
    },
    {
      sheetName: 'C59 per giorno',
      columns: [
        { header: 'Giorno', key: 'date', width: 12, numFmt: DATE },
        { header: 'Residenza', key: 'kind', width: 14 },
        { header: 'Provincia o Stato', key: 'label', width: 30 },
        ...FIGURE_COLUMNS,
      ],
      writeRows: async (add) => {
        for (let i = 0; i < movement.days.length; i++) {
          for (const row of movement.residences) {
            const day = row.days[i];
            if (day.arrivals || day.departures || day.presences) add({ ...day, date: asDate(day.date), kind: KIND_LABEL[row.residence.kind], label: row.residence.label });
          }
        }
        await Promise.resolve();
      },
    },
  ]);
}
