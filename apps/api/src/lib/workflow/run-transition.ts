import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SYSTEM_ACTOR, type TTransitionOk, type TWorkflow, type TWorkflowActor } from '@app/domain/platform/workflow/define-workflow';
import type { TDb, TTx } from '../../db/client.ts';
import type { TSignedInContext } from '../collection/define.ts';
import { announceChanges, type TLiveChange } from '../collection/live.ts';
import { allOf, isUuid } from '../collection/query.ts';
import { signedInContextOf, type TRequestContext } from '../context.ts';
import { AppError, notFound } from '../errors.ts';
import { errorResponses, ZIdParams } from '../schemas.ts';

/** A table whose rows move through a workflow: an id, a status column and a version (`updatedAt`). */
export type TWorkflowTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** What a transition needs of the request: who asks (null: nobody signed in), its database, where to log. */
export type TTransitionContext = Pick<TRequestContext, 'db' | 'actor' | 'ip' | 'requestId'>;

export type TAuditEntry = { action: string; entityType: string; entityId: string; changes?: Record<string, unknown>; actorId?: string | null };

/**
 * One transaction in which transitions run (a use case's, with its cascades), and what they deliver
 * once it commits: notifications go out only for what was saved, and the watchers of the lists of the
 * records it `changed` are told (lib/collection/live.ts). A use case adds to `changed` the listed
 * records it writes itself in the unit (a row it creates).
 */
export type TTransitionTx = { tx: TTx; afterCommit: (() => Promise<void>)[]; changed: TLiveChange[] };

/** Runs `work` in one transaction, then delivers what its transitions left, in order, and announces the records they changed. */
export async function inTransition<T>(db: TDb, work: (unit: TTransitionTx) => Promise<T>): Promise<T> {
  const afterCommit: TTransitionTx['afterCommit'] = [];
  const changed: TTransitionTx['changed'] = [];
  const result = await db.transaction((tx) => work({ tx, afterCommit, changed }));
  for (const deliver of afterCommit) await deliver();
  // Not awaited: the answer does not wait for the watchers (a failed announce is only logged).
  void announceChanges(db, changed);
  return result;
}

/** Who takes a step when it is not the signed-in user: SYSTEM_ACTOR for automatic actions, or a side the workflow names (an invitee). */
export type TRunOptions = { as?: TWorkflowActor };

/** What one action does beyond the status change, inside the transaction, with the row locked. */
export type TActionEffects<TRow, TInput, TPending, TCtx = TSignedInContext> = {
  /** Column changes that go with the new status (figures frozen, dates stamped, stays locked...). */
  apply?: (args: { tx: TTx; ctx: TCtx; row: TRow; input: TInput; now: Date }) => Promise<Partial<TRow>> | Partial<TRow>;
  /** Notifications (and history) written in the transaction; what they return is delivered after the commit. */
  notify?: (args: { tx: TTx; ctx: TCtx; before: TRow; saved: TRow; input: TInput }) => Promise<TPending | null> | TPending | null;
  /** What the audit entry carries beyond the status change and the reason (and who, when the actor is not signed in). */
  audit?: (args: { input: TInput; before: TRow; saved: TRow }) => Pick<TAuditEntry, 'changes' | 'actorId'>;
  /**
   * Transitions of other records that follow from this one, run through their own runtimes in the
   * same transaction (a recall suspends the round's requests; the last signature settles the round).
   */
  cascade?: (args: { unit: TTransitionTx; ctx: TCtx; before: TRow; saved: TRow; input: TInput }) => Promise<void>;
};

/**
 * How the API runs one workflow over one table. Audit and notification delivery are passed in as
 * functions (lib/ never imports a feature module).
 */
export type TWorkflowRuntimeSpec<TStatus extends string, TAction extends string, TFacts, TRow, TInput, TPending, TCtx extends TTransitionContext = TSignedInContext> = {
  workflow: TWorkflow<TStatus, TAction, TFacts>;
  table: TWorkflowTable;
  /** The status column's key (default `status`; a company keeps its invitation's in `inviteStatus`). */
  statusKey?: string;
  /** Human name of a record, for messages ("Declaration not found"). */
  label: string;
  /** Audit entity type. */
  entityType: string;
  /** The audit action is `<auditPrefix>.<action>`, or the action's name in `auditActions`. */
  auditPrefix?: string;
  auditActions?: { [A in TAction]?: string };
  /** The caller's row scope: rows outside it are 404 (the system reaches every row). */
  scope: (ctx: TCtx) => SQL | undefined;
  /**
   * Locks the row (in `scope`) for the rest of the transaction, when more than the row itself must be
   * locked first (a sign request's report); returns nothing outside the scope.
   */
  lock?: (args: { tx: TTx; id: string; scope: SQL | undefined }) => Promise<TRow | undefined>;
  /** The facts the guards look at, read with the row locked (`system`: for an automatic step). */
  facts: (args: { tx: TTx; ctx: TCtx; row: TRow; system: boolean }) => Promise<TFacts> | TFacts;
  /** The reason of the actions that need one, from the input. */
  reasonOf?: (input: TInput) => string | null | undefined;
  effects: { [A in TAction]?: TActionEffects<TRow, TInput, TPending, TCtx> };
  audit: (tx: TTx, ctx: Pick<TRequestContext, 'actor' | 'ip' | 'requestId'>, entry: TAuditEntry) => Promise<void>;
  /** Sends what `notify` produced, after the commit (a failed push must not undo the transition). */
  deliver?: (pending: TPending) => Promise<void>;
};

export type TWorkflowRuntime<TStatus extends string, TAction extends string, TFacts, TRow, TInput, TPending, TCtx extends TTransitionContext = TSignedInContext> = TWorkflowRuntimeSpec<
  TStatus,
  TAction,
  TFacts,
  TRow,
  TInput,
  TPending,
  TCtx
> & {
  /** Loads the row in the caller's scope, locked for the rest of the transaction; 404 outside scope. */
  loadForUpdate(tx: TTx, ctx: TCtx, id: string, options?: { lock?: boolean }): Promise<TRow>;
  /** The workflow's answer for one action on a loaded row, as the runner gives it: 403 who, 409 state, the reason, the guards. */
  check(tx: TTx, ctx: TCtx, row: TRow, action: TAction, input: TInput, options?: TRunOptions): Promise<TTransitionOk<TStatus, TAction>>;
  /** Runs one action in its own transaction; returns the saved row. */
  run(ctx: TCtx, id: string, action: TAction, input: TInput): Promise<TRow>;
  /** Runs one action in the caller's transaction (its notifications go out after that commit); returns the saved row. */
  runInTx(unit: TTransitionTx, ctx: TCtx, id: string, action: TAction, input: TInput, options?: TRunOptions): Promise<TRow>;
  /**
   * Takes, as the system, the automatic action that applies to the row now (the first whose guards
   * pass), in the caller's transaction; null when none does. `ctx` is the request that set it off.
   */
  runAutomatic(unit: TTransitionTx, ctx: TCtx, id: string, input: TInput): Promise<TRow | null>;
};

type TRowBase = { id: string; updatedAt: Date };

/**
 * One transition, the same way for every workflow: lock the row in the caller's scope (404), check
 * the action with the domain workflow (403 who, 409 INVALID_TRANSITION, the guard's code), apply the
 * action's changes, update only while the status is still one of the `from` states (a concurrent
 * transition that got there first makes this one a 409), audit in the same transaction, run the
 * cascades to other records through their runtimes, and deliver the notifications after the commit.
 * Automatic actions are taken by SYSTEM_ACTOR, which the domain workflow allows for them only.
 */
export function defineWorkflowRuntime<TStatus extends string, TAction extends string, TFacts, TRow extends TRowBase, TInput, TPending, TCtx extends TTransitionContext = TSignedInContext>(
  spec: TWorkflowRuntimeSpec<TStatus, TAction, TFacts, TRow, TInput, TPending, TCtx>,
): TWorkflowRuntime<TStatus, TAction, TFacts, TRow, TInput, TPending, TCtx> {
  const { workflow, table, label } = spec;
  const statusKey = spec.statusKey ?? 'status';
  const statusColumn = getTableColumns(table)[statusKey];
  if (!statusColumn) throw new Error(`workflow ${workflow.name}: the table has no ${statusKey} column`);
  const statusOf = (row: TRow): TStatus => {
    const fields: Record<string, unknown> = row;
    const status = fields[statusKey];
    if (!workflow.isStatus(status)) throw new Error(`workflow ${workflow.name}: ${label} ${row.id} has the unknown status ${String(status)}`);
    return status;
  };

  async function lockRow(tx: TTx, id: string, scope: SQL | undefined, lock = true): Promise<TRow> {
    if (!isUuid(id)) throw notFound(label);
    if (spec.lock && lock) {
      const row = await spec.lock({ tx, id, scope });
      if (!row) throw notFound(label);
      return row;
    }
    const query = tx
      .select()
      .from(table)
      .where(allOf([eq(table.id, id), scope]));
    // FOR UPDATE: a second concurrent transition of the same record waits here, then sees the new status.
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw notFound(label);
    return row as unknown as TRow;
  }

  const loadForUpdate = (tx: TTx, ctx: TCtx, id: string, options: { lock?: boolean } = {}) => lockRow(tx, id, spec.scope(ctx), options.lock !== false);

  function actorOf(ctx: TCtx, options: TRunOptions): TWorkflowActor {
    const actor = options.as ?? ctx.actor;
    if (!actor) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
    return actor;
  }

  async function check(tx: TTx, ctx: TCtx, row: TRow, action: TAction, input: TInput, options: TRunOptions = {}, known?: TFacts) {
    const actor = actorOf(ctx, options);
    const status = statusOf(row);
    const facts = known ?? (await spec.facts({ tx, ctx, row, system: actor === SYSTEM_ACTOR }));
    const result = workflow.transition(status, action, facts, actor, { reason: spec.reasonOf?.(input) ?? null });
    if (result.ok) return result;
    // A state the action does not start from is the runner's message; a guard's refusal keeps its own.
    if (result.code === 'INVALID_TRANSITION' && !result.allowedFrom.includes(status))
      throw new AppError('INVALID_TRANSITION', `The ${label} is ${status}: ${action} is not possible`, {
        params: { status, action },
        details: [{ path: statusKey, message: `${action} is possible from ${result.allowedFrom.join(', ')}`, value: status }],
      });
    throw new AppError(result.code, result.message, result.details ? { details: result.details } : {});
  }

  async function transitionLocked(unit: TTransitionTx, ctx: TCtx, row: TRow, action: TAction, input: TInput, options: TRunOptions, facts?: TFacts): Promise<TRow> {
    const { tx } = unit;
    const result = await check(tx, ctx, row, action, input, options, facts);
    const effects = spec.effects[action] ?? {};
    const now = new Date();
    const changes = (await effects.apply?.({ tx, ctx, row, input, now })) ?? {};
    const [updated] = await tx
      .update(table)
      .set({ ...changes, [statusKey]: result.to, updatedAt: new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1)) })
      .where(and(eq(table.id, row.id), inArray(statusColumn, [...workflow.allowedFrom(action)])))
      .returning();
    // Belt and braces with the row lock: the status read above must still hold.
    if (!updated) throw new AppError('INVALID_TRANSITION', `The ${label} changed meanwhile; reload it`);
    const saved = updated as unknown as TRow;
    // Told to the lists' watchers once the unit commits, cascades' records included (never to the one who asked).
    unit.changed.push({ table, id: row.id, kind: 'updated', by: ctx.actor });
    const reason = spec.reasonOf?.(input) ?? null;
    const extra = effects.audit?.({ input, before: row, saved }) ?? {};
    const system = options.as === SYSTEM_ACTOR;
    await spec.audit(tx, system ? { actor: null, ip: ctx.ip, requestId: ctx.requestId } : ctx, {
      action: spec.auditActions?.[action] ?? `${spec.auditPrefix ?? spec.entityType}.${action}`,
      entityType: spec.entityType,
      entityId: row.id,
      changes: {
        ...(result.from !== result.to ? { [statusKey]: { from: result.from, to: result.to } } : {}),
        ...(reason ? { reason: { to: reason } } : {}),
        ...extra.changes,
      },
      ...(extra.actorId !== undefined ? { actorId: extra.actorId } : {}),
    });
    const pending = (await effects.notify?.({ tx, ctx, before: row, saved, input })) ?? null;
    if (pending !== null && spec.deliver) {
      const deliver = spec.deliver;
      unit.afterCommit.push(() => deliver(pending));
    }
    await effects.cascade?.({ unit, ctx, before: row, saved, input });
    return saved;
  }

  async function runInTx(unit: TTransitionTx, ctx: TCtx, id: string, action: TAction, input: TInput, options: TRunOptions = {}) {
    // The system reaches every row; anyone else only those in their scope.
    const row = await lockRow(unit.tx, id, options.as === SYSTEM_ACTOR ? undefined : spec.scope(ctx));
    return transitionLocked(unit, ctx, row, action, input, options);
  }

  async function runAutomatic(unit: TTransitionTx, ctx: TCtx, id: string, input: TInput): Promise<TRow | null> {
    const row = await lockRow(unit.tx, id, undefined);
    const facts = await spec.facts({ tx: unit.tx, ctx, row, system: true });
    const [action] = workflow.automaticActions(statusOf(row), facts);
    return action ? transitionLocked(unit, ctx, row, action, input, { as: SYSTEM_ACTOR }, facts) : null;
  }

  const run = (ctx: TCtx, id: string, action: TAction, input: TInput) => inTransition(ctx.db, (unit) => runInTx(unit, ctx, id, action, input));

  return { ...spec, loadForUpdate, check: (tx, ctx, row, action, input, options) => check(tx, ctx, row, action, input, options), run, runInTx, runAutomatic };
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
        const ctx = signedInContextOf(request);
        const input = route.input ? route.input(request.body as never) : (request.body as TInput);
        return options.toRecord(await runtime.run(ctx, request.params.id, action, input));
      },
    });
  }
}
