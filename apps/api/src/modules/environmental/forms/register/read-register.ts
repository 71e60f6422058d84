import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { italianDateOf } from '@app/domain/platform/time/italian-time';
import { checkRegisterPeriod, registerFirstYear, registerMovements, type TRegisterForm, type TRegisterMovement } from '@app/domain/environmental/waste/register';
import { wasteForms } from '../../../../db/schema/index.ts';
import { reachesAll, requireAccess } from '../../../../lib/access.ts';
import type { TSignedInContext } from '../../../../lib/collection/define.ts';
import type { TCollectionRuntime } from '../../../../lib/collection/routes.ts';
import { validationFailed } from '../../../../lib/errors.ts';
import { ZDateString } from '../../../../lib/schemas.ts';

export const ZRegisterQuery = z.object({
  producerSite: z.string().trim().min(1, 'validation.required').max(30).describe("The producer site's RENTRI registration number (num_iscr_sito), the register's key"),
  from: ZDateString.optional().describe('First day of the movements (default: 1 January of this year)'),
  to: ZDateString.optional().describe('Last day of the movements (default: today); at most 366 days after from'),
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
});
export type TRegisterQuery = z.infer<typeof ZRegisterQuery>;

export const ZRegisterSite = z.object({
  siteRegistrationNumber: z.string(),
  producerName: z.string(),
  productionSite: z.string().nullable(),
  forms: z.number(),
});
export type TRegisterSite = z.infer<typeof ZRegisterSite>;

/** What the register's documents print: its head and its numbered movements. */
export type TRegisterData = {
  site: { number: string; producerName: string; producerTaxCode: string; productionSite: string | null };
  period: { from: string; to: string };
  /** True when the caller sees only some forms (an agency): the document says it is an extract. */
  extract: boolean;
  generatedAt: string;
  movements: TRegisterMovement[];
};

const siteOf = sql<string>`${wasteForms.producer}->>'siteRegistrationNumber'`;

/** The producer sites of the forms the caller may list (the register download's choices), most forms first. */
export async function listRegisterSites(runtime: TCollectionRuntime, ctx: TSignedInContext): Promise<TRegisterSite[]> {
  await requireAccess(ctx, 'forms', 'register');
  const rows = await ctx.db
    .select({
      site: siteOf,
      producerName: sql<string>`max(${wasteForms.producer}->>'name')`,
      productionSite: sql<string | null>`max(${wasteForms.producer}->>'productionSite')`,
      forms: sql<number>`count(*)::int`,
    })
    .from(wasteForms)
    .where(and(await runtime.conditions(ctx, 'getAll'), isNotNull(siteOf)))
    .groupBy(siteOf)
    .orderBy(desc(sql`count(*)`), asc(siteOf));
  return rows.map((r) => ({ siteRegistrationNumber: r.site, producerName: r.producerName, productionSite: r.productionSite, forms: Number(r.forms) }));
}

const startOfItalianDay = (date: string) => sql`(${date}::date::timestamp at time zone 'Europe/Rome')`;

/**
 * The register of one producer site over a period: the movements of its forms (see the domain's
 * register.ts for which movement a form makes), numbered over every form of the site, then only the rows
 * of the forms the caller may list (the list's scope and permission filter).
 */
export async function readFormRegister(runtime: TCollectionRuntime, ctx: TSignedInContext, query: TRegisterQuery): Promise<TRegisterData> {
  await requireAccess(ctx, 'forms', 'register');
  const today = italianDateOf(new Date());
  const from = query.from ?? `${(query.to ?? today).slice(0, 4)}-01-01`;
  const to = query.to ?? (from.slice(0, 4) === today.slice(0, 4) ? today : `${from.slice(0, 4)}-12-31`);
  const problems = checkRegisterPeriod(from, to);
  if (problems.length) throw validationFailed(problems, 'The period of the register is not valid');

  const ofSite = and(eq(siteOf, query.producerSite), isNotNull(wasteForms.approvedAt), lt(wasteForms.approvedAt, sql`${startOfItalianDay(to)} + interval '1 day'`));
  // The numbering counts every movement of the site, whoever may see it (see register.ts), from 1 January
  // of the first year involved: the period's, or the one an unload of the period was loaded in.
  const [earliest] = await ctx.db
    .select({ approvedAt: sql<string | null>`to_char(min(${wasteForms.approvedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` })
    .from(wasteForms)
    .where(and(ofSite, gte(wasteForms.transportStartedAt, startOfItalianDay(from))));
  const firstYear = registerFirstYear(from, earliest?.approvedAt ?? null);
  const rows = await ctx.db
    .select()
    .from(wasteForms)
    // A form signed before that year still counts when it left within it (its unload takes a number).
    .where(and(ofSite, or(gte(wasteForms.approvedAt, startOfItalianDay(`${firstYear}-01-01`)), gte(wasteForms.transportStartedAt, startOfItalianDay(`${firstYear}-01-01`)))));
  const all = registerMovements(rows.map(registerFormOf), { from, to });
  const formIds = [...new Set(all.map((m) => m.formId))];
  const visible = new Set(
    formIds.length
      ? (
          await ctx.db
            .select({ id: wasteForms.id })
            .from(wasteForms)
            .where(and(await runtime.conditions(ctx, 'getAll'), inArray(wasteForms.id, formIds)))
        ).map((r) => r.id)
      : [],
  );
  // The head comes from the site's latest form the caller may see, so nothing of a form outside its scope shows.
  const [head] = await ctx.db
    .select({ producer: wasteForms.producer })
    .from(wasteForms)
    .where(and(await runtime.conditions(ctx, 'getAll'), eq(siteOf, query.producerSite)))
    .orderBy(desc(wasteForms.updatedAt))
    .limit(1);
  return {
    site: {
      number: query.producerSite,
      producerName: head?.producer.name ?? '',
      producerTaxCode: head?.producer.taxCode ?? '',
      productionSite: head?.producer.productionSite ?? null,
    },
    period: { from, to },
    extract: !reachesAll(ctx.actor, 'forms', 'register'),
    generatedAt: new Date().toISOString(),
    movements: all.filter((m) => visible.has(m.formId)),
  };
}

function registerFormOf(row: typeof wasteForms.$inferSelect): TRegisterForm {
  return {
    id: row.id,
    code: row.code,
    rentriState: row.status,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    transportStartedAt: row.transportStartedAt?.toISOString() ?? null,
    cer: row.cer,
    cerDescription: row.cerDescription,
    origin: row.origin,
    physicalState: row.physicalState,
    dangerClass: row.dangerClass,
    quantity: { value: row.quantity.includes('.') ? row.quantity.replace(/0+$/, '').replace(/\.$/, '') : row.quantity, unit: row.quantityUnit },
    wasteDestination: row.wasteDestination,
    receiverName: row.receiver.name,
    transporterName: row.transporters.map((t) => t.name).join('; '),
    acceptance: row.acceptance ? { type: row.acceptance.type, acceptedQuantity: row.acceptance.acceptedQuantity } : null,
  };
}
