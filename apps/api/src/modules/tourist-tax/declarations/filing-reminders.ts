import { and, eq, gte, lte, or, sql } from 'drizzle-orm';
import { addDays } from '@app/domain/tourist-tax/dates';
import { reminderFor, type TReminderKind } from '@app/domain/tourist-tax/filings/deadlines';
import { cities, declarations, declarationTemplates, filingSettings, sentReminders, structures } from '../../../db/schema/index.ts';
import type { TDb } from '../../../db/client.ts';
import { createNotification, pushNotification, type TJobDeps, type TNotificationRow } from '../../platform/index.ts';
import { cityUserIds, hotelierIdsOfStructure } from './filing-scope.ts';
import { DEFAULT_FILING_SETTINGS } from './filing-settings.ts';
import { msg, type TParams, type TText } from '../../../i18n/translate.ts';

/** Late reminders look back this far, so switching reminders on does not flood hoteliers with old periods. */
export const LATE_LOOKBACK_DAYS = 60;

/** The reminder's texts: `declaration.reminder.<kind>` in the message files, written in each recipient's language. */
const reminderText = (kind: TReminderKind, params: TParams) => ({ title: msg(`declaration.reminder.${kind}.title`, params), body: msg(`declaration.reminder.${kind}.body`, params) });

/**
 * Records the reminder (unique per subject, kind and deadline) and its notifications in one
 * transaction; returns the notifications to push, or none when it was already sent.
 */
async function sendOnce(
  db: TDb,
  reminder: { subjectKey: string; declarationId: string | null; kind: string; dueDate: string },
  recipients: string[],
  { title, body }: { title: TText; body: TText },
  data: Record<string, unknown>,
): Promise<TNotificationRow[]> {
  if (recipients.length === 0) return [];
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(sentReminders)
      .values({ ...reminder, recipientIds: recipients })
      .onConflictDoNothing()
      .returning({ id: sentReminders.id });
    if (!claimed) return [];
    const rows: TNotificationRow[] = [];
    for (const userId of recipients) rows.push(await createNotification(tx, userId, { title, body, event: `reminder.${reminder.kind}`, data }));
    return rows;
  });
}

/**
 * The daily filing reminders: hoteliers whose declaration or payment is due within the comune's
 * `reminderDaysAhead` days, or late; and each comune, once per late period, the structures that have
 * not declared. In-app notification plus e-mail; each reminder exists once (sent_reminders).
 */
export async function runFilingReminders(deps: TJobDeps, today: string) {
  const { db } = deps;
  const counts = { hotelierReminders: 0, cityDigests: 0, notifications: 0 };
  const pushes: TNotificationRow[] = [];
  const lookback = addDays(today, -LATE_LOOKBACK_DAYS);
  const cityRows = await db
    .select({ id: cities.id, name: cities.name, remindersEnabled: filingSettings.remindersEnabled, daysAhead: filingSettings.reminderDaysAhead })
    .from(cities)
    .leftJoin(filingSettings, eq(filingSettings.cityId, cities.id))
    .where(eq(cities.isActive, true));
  for (const city of cityRows) {
    if (!(city.remindersEnabled ?? DEFAULT_FILING_SETTINGS.remindersEnabled)) continue;
    const daysAhead = city.daysAhead ?? DEFAULT_FILING_SETTINGS.reminderDaysAhead;
    const horizon = addDays(today, daysAhead);
    const periods = await db
      .select()
      .from(declarationTemplates)
      .where(
        and(
          eq(declarationTemplates.cityId, city.id),
          or(and(gte(declarationTemplates.submitBy, lookback), lte(declarationTemplates.submitBy, horizon)), and(gte(declarationTemplates.payBy, lookback), lte(declarationTemplates.payBy, horizon))),
        ),
      );
    for (const period of periods) {
      // Structures operating in the period, with their declaration if any.
      const rows = await db
        .select({ structureId: structures.id, structureName: structures.name, declaration: declarations })
        .from(structures)
        .leftJoin(declarations, and(eq(declarations.structureId, structures.id), eq(declarations.declarationTemplateId, period.id)))
        .where(
          and(
            eq(structures.cityId, city.id),
            eq(structures.isActive, true),
            sql`(${structures.dateFrom} is null or ${structures.dateFrom} <= ${period.dateTo})`,
            sql`(${structures.dateTo} is null or ${structures.dateTo} >= ${period.dateFrom})`,
          ),
        );
      const missing: string[] = [];
      for (const row of rows) {
        const d = row.declaration;
        const state = { status: d?.status ?? null, submitBy: period.submitBy, payBy: period.payBy, paymentDate: d?.paymentDate ?? null, toPayAmountCents: d?.toPayAmountCents ?? 0 };
        if (state.status !== 'submitted' && state.status !== 'validated' && today > period.submitBy) missing.push(row.structureName);
        const reminder = reminderFor(state, today, daysAhead);
        if (!reminder || reminder.dueDate < lookback) continue;
        const sent = await sendOnce(
          db,
          { subjectKey: `${row.structureId}:${period.id}`, declarationId: d?.id ?? null, kind: reminder.kind, dueDate: reminder.dueDate },
          await hotelierIdsOfStructure(db, row.structureId),
          reminderText(reminder.kind, { structure: row.structureName, period: period.periodName, date: reminder.dueDate }),
          { structureId: row.structureId, declarationTemplateId: period.id, declarationId: d?.id ?? null },
        );
        if (sent.length > 0) counts.hotelierReminders += 1;
        pushes.push(...sent);
      }
      if (missing.length > 0 && period.submitBy >= lookback) {
        const sent = await sendOnce(
          db,
          { subjectKey: `city:${city.id}:${period.id}`, declarationId: null, kind: 'city_missing', dueDate: period.submitBy },
          await cityUserIds(db, city.id),
          {
            title: msg('declaration.reminder.cityMissing.title', { period: period.periodName }),
            body: msg('declaration.reminder.cityMissing.body', { count: missing.length, period: period.periodName, date: period.submitBy, structures: missing.sort().join(', ') }),
          },
          { declarationTemplateId: period.id, structures: missing.length },
        );
        if (sent.length > 0) counts.cityDigests += 1;
        pushes.push(...sent);
      }
    }
  }
  for (const row of pushes) {
    await pushNotification(deps, row, { email: true }).catch((error: unknown) => deps.log?.error({ err: error }, 'reminder push failed'));
  }
  counts.notifications = pushes.length;
  return counts;
}
