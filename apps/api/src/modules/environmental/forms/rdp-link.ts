import { eq } from 'drizzle-orm';
import { rdps } from '../../../db/schema/index.ts';
import type { TDbOrTx } from '../../../db/client.ts';
import type { TErrorDetail } from '../../../lib/errors.ts';

export type TLinkedRdp = { id: string; code: string; sampleDate: string | null };

/**
 * The lab test report (RDP) a form's analysis reference points to: it must exist and, when it names
 * an agency, be one of the form's agency (a supplier cannot point at another agency's analyses).
 */
export async function findLinkedRdp(db: TDbOrTx, rdpId: string, targetAgencyId: string): Promise<{ rdp: TLinkedRdp } | { problem: TErrorDetail }> {
  const [rdp] = await db.select({ id: rdps.id, code: rdps.code, sampleDate: rdps.sampleDate, agencyId: rdps.agencyId }).from(rdps).where(eq(rdps.id, rdpId));
  if (!rdp) return { problem: { path: 'analysisRdpId', message: 'does not exist', value: rdpId } };
  if (rdp.agencyId && rdp.agencyId !== targetAgencyId) return { problem: { path: 'analysisRdpId', message: "not a test report of the form's agency", value: rdpId } };
  return { rdp: { id: rdp.id, code: rdp.code, sampleDate: rdp.sampleDate } };
}
