import { and, between, eq, inArray } from 'drizzle-orm';
import { generatePeriods } from '@app/domain/tourist-tax/periods';
import { mergePrefill } from '@app/domain/tourist-tax/filings/modello21';
import { cities, communicationRecipients, communications, declarationPayments, declarations, declarationTemplates, filingSettings, stays, structures, modello21, users } from '../db/schema/index.ts';
import type { TTx } from '../db/client.ts';
import { figuresForDeclaration } from '../modules/tourist-tax/declarations/declaration-figures.ts';
import { loadModello21Prefill } from '../modules/tourist-tax/modello21/prefill.ts';
import type { TDemoSeeder } from './demo.ts';

/**
 * Demo filings on top of the tourist-tax demo (Gaeta and Formia): declaration periods of 2025 and
 * 2026, Gaeta's 2025 declarations in every state (validated and paid, submitted and unpaid, sent
 * back, draft, missing), a draft Modello 21 2025, a communication (recipients only: other tests count
 * the demo users' notifications) and the reminder settings.
 */
export const seedFilingsDemo: TDemoSeeder = async (tx, demoUsers) => {
  const [gaeta] = await tx.select().from(cities).where(eq(cities.name, 'Comune di Gaeta'));
  const [formia] = await tx.select().from(cities).where(eq(cities.name, 'Comune di Formia'));
  if (!gaeta || !formia) return; // the tourist-tax demo did not run
  const cityUser = demoUsers['city@demo.test'];
  const hotelier = demoUsers['hotelier@demo.test'];

  const periodsOf = async (cityId: string, year: number, frequency: 'monthly' | 'quarterly', offset: number) =>
    tx
      .insert(declarationTemplates)
      .values(generatePeriods(year, frequency, offset, offset).map((p) => ({ ...p, year, cityId })))
      .returning();
  const gaeta2025 = await periodsOf(gaeta.id, 2025, 'quarterly', 30);
  await periodsOf(gaeta.id, 2026, 'quarterly', 30);
  await periodsOf(formia.id, 2025, 'monthly', 16);
  await periodsOf(formia.id, 2026, 'monthly', 16);
  await tx.insert(filingSettings).values({ cityId: gaeta.id, reminderDaysAhead: 10 });

  const gaetaStructures = await tx.select().from(structures).where(eq(structures.cityId, gaeta.id)).orderBy(structures.name);
  // Per structure (by name order) and quarter: what happened to its 2025 declarations.
  const plan: Record<string, ('validated-paid' | 'submitted-unpaid' | 'returned' | 'draft' | 'none')[]> = {
    'Albergo Villa Irlanda': ['validated-paid', 'validated-paid', 'submitted-unpaid', 'draft'],
    "B&B Sant'Erasmo": ['validated-paid', 'returned', 'none', 'none'],
    'Casa vacanze Monte Orlando': ['validated-paid', 'validated-paid', 'validated-paid', 'submitted-unpaid'],
    'Hotel Serapo': ['validated-paid', 'validated-paid', 'validated-paid', 'submitted-unpaid'],
    'Hotel Summit': ['validated-paid', 'submitted-unpaid', 'none', 'none'],
    'Ostello del Golfo': ['none', 'none', 'none', 'none'],
  };
  for (const structure of gaetaStructures) {
    const steps = plan[structure.name] ?? [];
    for (const [q, step] of steps.entries()) {
      if (step === 'none') continue;
      await seedDeclaration(tx, structure, gaeta2025[q], step, { cityUser, beneficiary: gaeta.titledTo ?? `Comune di ${gaeta.name}`, iban: gaeta.iban, bank: gaeta.bank });
    }
  }

  const serapo = gaetaStructures.find((s) => s.name === 'Hotel Serapo');
  if (serapo) {
    const [owner] = await tx.select().from(users).where(eq(users.id, hotelier));
    await tx.insert(modello21).values({
      cityId: gaeta.id,
      structureId: serapo.id,
      year: 2025,
      months: mergePrefill(null, await loadModello21Prefill(tx, serapo.id, 2025)),
      ownerName: owner?.name ?? null,
      ownerSurname: owner?.surname ?? null,
      ownerTaxCode: owner?.taxCode ?? serapo.taxCode,
      ownerVatNumber: owner?.vatNumber ?? serapo.vatNumber,
      ownerAddress: serapo.address,
    });
  }

  const recipients = [...new Set(gaetaStructures.flatMap((s) => s.userIds))];
  const [message] = await tx
    .insert(communications)
    .values({
      cityId: gaeta.id,
      title: 'Scadenza dichiarazione del 4° trimestre 2025',
      text: '<p>Si ricorda che la dichiarazione del <strong>4° trimestre 2025</strong> va presentata entro il <strong>30 gennaio 2026</strong>, insieme al Modello 21.</p>',
      authorId: cityUser,
    })
    .returning();
  if (recipients.length > 0) {
    await tx.insert(communicationRecipients).values(recipients.map((userId) => ({ communicationId: message.id, userId })));
  }
};

async function seedDeclaration(
  tx: TTx,
  structure: typeof structures.$inferSelect,
  period: typeof declarationTemplates.$inferSelect,
  step: 'validated-paid' | 'submitted-unpaid' | 'returned' | 'draft',
  comune: { cityUser: string; beneficiary: string; iban: string | null; bank: string | null },
) {
  const figures = await figuresForDeclaration(tx, { id: null, structureId: structure.id, dateFrom: period.dateFrom, dateTo: period.dateTo, type: 'automatic', noGuests: false, manual: null });
  const submittedAt = new Date(`${period.submitBy}T09:00:00Z`);
  const submitted = step === 'validated-paid' || step === 'submitted-unpaid';
  const [row] = await tx
    .insert(declarations)
    .values({
      cityId: structure.cityId,
      structureId: structure.id,
      declarationTemplateId: period.id,
      year: period.year,
      dateFrom: period.dateFrom,
      dateTo: period.dateTo,
      submitBy: period.submitBy,
      payBy: period.payBy,
      type: 'automatic',
      noGuests: figures.numberOfStays === 0,
      status: step === 'validated-paid' ? 'validated' : step === 'submitted-unpaid' ? 'submitted' : step,
      ...figures,
      ...(step !== 'draft' ? { compilationDate: period.submitBy, submittedAt, beneficiaryInstitution: comune.beneficiary, iban: comune.iban, bank: comune.bank } : {}),
      ...(step === 'validated-paid'
        ? {
            validatedAt: new Date(submittedAt.getTime() + 86_400_000),
            validatedById: comune.cityUser,
            paymentDate: period.payBy,
            trn: `0306909606${period.payBy.replace(/-/g, '')}`,
            paidAmountCents: figures.toPayAmountCents,
          }
        : {}),
      ...(step === 'returned' ? { returnedAt: new Date(submittedAt.getTime() + 86_400_000), returnReason: 'Mancano i soggiorni di fine periodo: verificare e ripresentare.' } : {}),
    })
    .returning();
  if (step === 'validated-paid') {
    // The payment, with the treasury's references, as the hotelier records it.
    const n = period.dateTo.slice(5, 7);
    await tx.insert(declarationPayments).values({
      declarationId: row.id,
      paymentDate: period.payBy,
      amountCents: figures.toPayAmountCents,
      trn: `0306909606${period.payBy.replace(/-/g, '')}`,
      treasuryReference: `REV-${period.year}-${n}`,
      receiptNumber: `Q-${period.year}-${n}`,
    });
  }
  if (step !== 'draft')
    await tx
      .update(declarations)
      .set({ code: `DIC-${row.year}-${row.id.slice(0, 8).toUpperCase()}` })
      .where(eq(declarations.id, row.id));
  if (submitted) {
    await tx
      .update(stays)
      .set({ declarationId: row.id, lockedAt: submittedAt })
      .where(and(eq(stays.structureId, structure.id), between(stays.checkOut, period.dateFrom, period.dateTo), inArray(stays.paymentStatus, ['paid', 'not_paid'])));
  }
}
