import { z } from 'zod';
import { buildRentriFir, type TRentriFirBody } from '@app/domain/environmental/waste/rentri';
import { requireAccess } from '../../../../lib/access.ts';
import type { TSignedInContext } from '../../../../lib/collection/define.ts';
import { AppError } from '../../../../lib/errors.ts';
import { formToRecord, type TFormRow } from '../forms.ts';

/**
 * The shape of RENTRI's NuovoFormularioModel as the route answers it (the vendored formulari.yaml is
 * the full contract; a test validates the answers against it).
 */
export const ZRentriFirBody = z
  .object({
    num_iscr_sito: z.string().describe("The producer site's RENTRI registration number"),
    dati_partenza: z.record(z.string(), z.unknown()).describe('DatiPartenzaModel: FIR number, parties, waste'),
    dati_trasporto_partenza: z.record(z.string(), z.unknown()).optional().describe('DatiTrasportoTerrestreModel of the first transporter, when its driver and start are known'),
  })
  .describe('The body of RENTRI formulari v1.0 "Crea FIR" (POST /, NuovoFormularioModel)');

/** The form as RENTRI's "create FIR" body, or 409 FORM_RENTRI_INCOMPLETE naming each missing field. */
export async function rentriBodyOf(ctx: TSignedInContext, load: (id: string) => Promise<TFormRow>, id: string): Promise<TRentriFirBody> {
  await requireAccess(ctx, 'forms', 'rentri');
  const built = buildRentriFir(formToRecord(await load(id)));
  if (!built.ok) throw new AppError('FORM_RENTRI_INCOMPLETE', 'RENTRI requires data this form does not hold yet', { details: built.missing });
  return built.body;
}
