import { eq } from 'drizzle-orm';
import type { TCorrectiveActionAction } from '@app/domain/environmental/nca/index';
import { ncaReports } from '../../../db/schema/index.ts';
import type { TTx } from '../../../db/client.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';
import { msg } from '../../../i18n/translate.ts';
import { assigneesOf, audienceOf, notifyUsers, type TPendingNca } from './nca-notifications.ts';
import { actionCode } from './snapshot.ts';
import type { TCorrectiveActionRow } from './corrective-actions.ts';

/** The steps the action's people hear of (what happened is `nca.action.<step>` in the message files). */
const NOTIFIED_STEPS = new Set<TCorrectiveActionAction>(['confirm', 'rejectProposal', 'complete', 'reopen', 'close']);

export async function notifyActionStep(tx: TTx, ctx: TSignedInContext, action: TCorrectiveActionAction, row: TCorrectiveActionRow, reason?: string): Promise<TPendingNca> {
  if (!NOTIFIED_STEPS.has(action)) return [];
  const [report] = await tx.select().from(ncaReports).where(eq(ncaReports.id, row.reportId));
  const label = `${actionCode(report.code, row.sequence)} ${row.name}`;
  const what = msg(`nca.action.${action as 'confirm' | 'rejectProposal' | 'complete' | 'reopen' | 'close'}`);
  const input = {
    title: msg('nca.action.title', { code: actionCode(report.code, row.sequence) }),
    body: reason ? msg('nca.action.bodyWithNote', { label, what, note: reason }) : msg('nca.action.body', { label, what }),
    event: `nca.action.${action}`,
    data: { reportId: report.id, actionId: row.id },
  };
  // The consortium hears of completions; the author of a rejected proposal; the assignees of the rest.
  const recipients =
    action === 'complete' ? await audienceOf(tx, report, ['consortium', 'author']) : action === 'rejectProposal' ? [row.proposedById].filter((id): id is string => !!id) : await assigneesOf(tx, [row]);
  return [await notifyUsers(tx, recipients, input, action !== 'complete', ctx.actor.id)];
}
