import { and, asc, eq, sql } from 'drizzle-orm';
import { buildAlloggiatiExport, type TAlloggiatiProblem } from '@app/domain/tourist-tax/alloggiati-export';
import { stays } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { requireAccess } from '../../../lib/access.ts';
import { AppError, notFound, type TErrorDetail } from '../../../lib/errors.ts';
import { findStructureInScope } from '../registry/scope.ts';

/*
 * Encoding of the file. Each Alloggiati Web record is 168 positions wide and the fields are read by
 * position, so the file must use one byte per character: a multi-byte encoding (UTF-8) would shift
 * every field after an accented letter. The records end with CRLF, as the portal's own files and the
 * reader of this product expect (alloggiati.ts). We write ISO-8859-1, which carries the accented
 * letters of Italian and most European names in one byte; a name with a character outside it is
 * refused with the guest and field named (reason `charset`) rather than silently changed.
 * Sources: the record layout and the 168-character length in /work/shared/domain/official-files.md
 * (Alloggiati Web, MANUALEWS.pdf of the Polizia di Stato's service); the official manual's text on the
 * character set could not be read from this machine, so ISO-8859-1 is our reading of the fixed width.
 */
export const ALLOGGIATI_CONTENT_TYPE = 'text/plain; charset=iso-8859-1';

export type TAlloggiatiDayFile = { bytes: Buffer; guests: number; fileName: string };

function problemDetail(problem: TAlloggiatiProblem): TErrorDetail {
  const who = problem.guestName ?? `guest ${problem.guestIndex + 1} (not recorded)`;
  return {
    path: `stays.${problem.stayId}.guests.${problem.guestIndex}.${problem.field}`,
    message: `alloggiati.${problem.reason}: ${who}, ${problem.field}`,
    ...(problem.value === null ? {} : { value: problem.value }),
  };
}

/**
 * The questura's file of the guests arrived at a structure on `date` (stays with that check-in), in
 * the order the stays were entered (stays saved together, as an import saves them, by the lead guest's name). 422 ALLOGGIATI_INCOMPLETE names every stay, guest and field
 * the record cannot be written without.
 */
export async function buildAlloggiatiDayFile(ctx: TSignedInContext, structureId: string, date: string): Promise<TAlloggiatiDayFile> {
  await requireAccess(ctx, 'structures', 'alloggiati', "Only the structure's managers, its comune and administrators download the questura's file");
  const structure = await findStructureInScope(ctx.db, ctx, structureId);
  if (!structure) throw notFound('Structure');
  const rows = await ctx.db
    .select({ id: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut, componentsNumber: stays.componentsNumber, partyKind: stays.partyKind, guest: stays.guest, guests: stays.guests })
    .from(stays)
    .where(and(eq(stays.structureId, structure.id), eq(stays.checkIn, date)))
    .orderBy(asc(stays.createdAt), sql`${stays.guest}->>'surname'`, sql`${stays.guest}->>'name'`, asc(stays.id));
  const result = buildAlloggiatiExport(rows);
  if (!result.ok) {
    const guests = new Set(result.problems.map((p) => `${p.stayId}/${p.guestIndex}`)).size;
    throw new AppError('ALLOGGIATI_INCOMPLETE', `${guests} guest(s) arrived on ${date} lack data the questura's file needs`, {
      params: { date, guests, problems: result.problems.length },
      details: result.problems.map(problemDetail),
    });
  }
  return { bytes: Buffer.from(result.text, 'latin1'), guests: result.guests, fileName: `alloggiati-${date}.txt` };
}
