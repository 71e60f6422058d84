import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TWorkflow } from '@app/domain/platform/workflow/define-workflow';
import type { TTx } from '../../db/client.ts';
import type { TSignedInContext } from '../collection/define.ts';
import { allOf, isUuid } from '../collection/query.ts';
import { contextOf, requireActor } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { errorResponses, ZIdParams } from '../schemas.ts';

/** A table whose rows move through a workflow: an id, a status and a version (`updatedAt`). */
export type TWorkflowTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };

export type TAuditEntry = { action: string; entityType: string; entityId: string; changes?: Record<string, unknown> };

/** What one action does beyond the status change, inside the transaction, with the row locked. */
export type TActionEffects<TRow, TInput, TPending> = {
  /** Column changes that go with the new status (figures frozen, dates stamped, stays locked...). */
  apply?: (args: { tx: TTx; ctx: TSignedInContext; row: TRow; input: TInput; now: Date }) => Promise<Partial<TRow>> | Partial<TRow>;
  /** Notifications written in the transaction; what they return is delivered after the commit. */
  notify?: (args: { tx: TTx; ctx: TSignedInContext; before: TRow; saved: TRow; input: TInput }) => Promise<TPending | null> | TPending | null;
};

/**
 * How the API runs one workflow over one table. Audit and notification delivery are passed in as
 * functions (lib/ never imports a feature module).
 */
export type TWorkflowRuntimeSpec<TStatus extends string, TAction extends string, TFacts, TRow, TInput, TPending> = {
  workflow: TWorkflow<TStatus, TAction, TFacts>;
  table: TWorkflowTable;
  /** Human name of a record, for messages ("Declaration not found"). */
  label: string;
  /** Audit entity type, and the prefix of the audit action (`<auditPrefix>.<action>`). */
  entityType: string;
  auditPrefix: string;
  /** The caller's row scope: rows outside it are 404. */
  scope: (ctx: TSignedInContext) => SQL | undefined;
  /** The facts the guards look at, read with the row locked. */
  facts: (args: { tx: TTx; ctx: TSignedInContext; row: TRow }) => Promise<TFacts> | TFacts;
  /** The reason of the actions that need one, from the input. */
  reasonOf?: (input: TInput) => string | null | undefined;
  effects: { [A in TAction]?: TActionEffects<TRow, TInput, TPending> };
  audit: (tx: TTx, ctx: TSignedInContext, entry: TAuditEntry) => Promise<void>;
  /** Sends what `notify` produced, after the commit (a failed push must not undo the transition). */
  deliver?: (pending: TPending) => Promise<void>;
};

export type TWorkflowRuntime<TStatus extends string, TAction extends string, TFacts, TRow, TInput, TPending> = TWorkflowRuntimeSpec<TStatus, TAction, TFacts, TRow, TInput, TPending> & {
  /** Loads the row in the caller's scope, locked for the rest of the transaction; 404 outside scope. */
  loadForUpdate(tx: TTx, ctx: TSignedInContext, id: string, options?: { lock?: boolean }): Promise<TRow>;
  /** Runs one action; returns the saved row. */
  run(ctx: TSignedInContext, id: string, action: TAction, input: TInput): Promise<TRow>;
};

type TRowBase = { id: string; status: string; updatedAt: Date };

/**
 * One transition, the same way for every workflow: lock the row in the caller's scope (404), check
 * the action with the domain workflow (403 who, 409 INVALID_TRANSITION, the guard's code), apply the
 * action's changes, update only while the status is still one of the `from` states (a concurrent
 * transition that got there first makes this one a 409), audit in the same transaction, and deliver
 * the notifications after the commit.
 */
export function defineWorkflowRuntime<TStatus extends string, TAction extends string, TFacts, TRow extends TRowBase, TInput, TPending>(
  spec: TWorkflowRuntimeSpec<TStatus, TAction, TFacts, TRow, TInput, TPending>,
): TWorkflowRuntime<TStatus, TAction, TFacts, TRow, TInput, TPending> {
  const { workflow, table, label } = spec;

  async function loadForUpdate(tx: TTx, ctx: TSignedInContext, id: string, options: { lock?: boolean } = {}): Promise<TRow> {
    if (!isUuid(id)) throw notFound(label);
    const query = tx
      .select()
      .from(table as PgTable)
      .where(allOf([eq(table.id, id), spec.scope(ctx)])!);
    // FOR UPDATE: a second concurrent transition of the same record waits here, then sees the new status.
    const [row] = await (options.lock === false ? query : query.for('update'));
    if (!row) throw notFound(label);
    return row as unknown as TRow;
  }

  async function run(ctx: TSignedInContext, id: string, action: TAction, input: TInput): Promise<TRow> {
    const effects = spec.effects[action] ?? {};
    let pending: TPending | null = null;
    const saved = await ctx.db.transaction(async (tx) => {
      const row = await loadForUpdate(tx, ctx, id);
      const status = row.status as TStatus;
      const facts = await spec.facts({ tx, ctx, row });
      const reason = spec.reasonOf?.(input) ?? null;
      const result = workflow.transition(status, action, facts, ctx.actor, { reason });
      if (!result.ok) {
        const details = result.code === 'INVALID_TRANSITION' ? [{ path: 'status', message: `${action} is possible from ${result.allowedFrom.join(', ')}`, value: status }] : result.details;
        const message = result.code === 'INVALID_TRANSITION' ? `The ${label} is ${status}: ${action} is not possible` : result.message;
        throw new AppError(result.code, message, details ? { details } : {});
      }
      const now = new Date();
      const changes = (await effects.apply?.({ tx, ctx, row, input, now })) ?? {};
      const [updated] = await tx
        .update(table)
        .set({ ...changes, status: result.to, updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) } as never)
        .where(and(eq(table.id, row.id), inArray(table.status, [...workflow.allowedFrom(action)])))
        .returning();
      // Belt and braces with the row lock: the status read above must still hold.
      if (!updated) throw new AppError('INVALID_TRANSITION', `The ${label} changed meanwhile; reload it`);
      const next = updated as unknown as TRow;
      await spec.audit(tx, ctx, {
        action: `${spec.auditPrefix}.${action}`,
        entityType: spec.entityType,
        entityId: row.id,
        changes: {
          ...(result.from !== result.to ? { status: { from: result.from, to: result.to } } : {}),
          ...(reason ? { reason: { to: reason } } : {}),
        },
      });
      pending = (await effects.notify?.({ tx, ctx, before: row, saved: next, input })) ?? null;
      return next;
    });
    if (pending !== null && spec.deliver) await spec.deliver(pending);
    return saved;
  }

  return { ...spec, loadForUpdate, run };
}

export type TActionRoute<TInput> = {
  summary: string;
  /** The body of `POST /api/{collection}/{id}/{action}` (e.g. `{ reason }` for a return). */
  body: z.ZodType;
  /** The use-case input from the parsed body; defaults to the body itself. */
  input?: (body: never) => TInput;
};

/**
 * `POST /api/{collection}/{id}/{action}` for every action of a workflow that has a route here, each
 * with its body schema and the record schema as the 200 response (OpenAPI from the same schemas).
 */
export function registerWorkflowRoutes<TStatus extends string, TAction extends string, TFacts, TRow, TInput, TPending>(
  app: FastifyInstance,
  runtime: TWorkflowRuntime<TStatus, TAction, TFacts, TRow, TInput, TPending>,
  options: {
    collection: string;
    tags: string[];
    record: z.ZodType;
    toRecord: (row: TRow) => unknown;
    actions: { [A in TAction]?: TActionRoute<TInput> };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses(400, 401, 403, 404, 409);
  for (const action of runtime.workflow.actions) {
    const route = options.actions[action];
    if (!route) continue;
    r.post(`/api/${options.collection}/:id/${action}`, {
      schema: { tags: options.tags, summary: route.summary, params: ZIdParams, body: route.body, response: { 200: options.record, ...errors } },
      handler: async (request) => {
        requireActor(request);
        const ctx = contextOf(request) as TSignedInContext;
        const input = route.input ? route.input(request.body as never) : (request.body as TInput);
        return options.toRecord(await runtime.run(ctx, request.params.id, action, input));
      },
    });
  }
}
