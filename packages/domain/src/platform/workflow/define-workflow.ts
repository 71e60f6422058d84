import type { TErrorCode } from '../errors/error-codes.ts';
import { ownKeys } from '../records/keys.ts';

/*
 * One way to declare a state machine of records (declarations, Modello 21, NCA reports, corrective
 * actions, sign requests, lab reports). A workflow is a table of actions: the states an action may
 * start from, the state it leads to, who may take it, and optional guards over the facts of the
 * record. From that one table both sides derive their rules: the API refuses what the table does not
 * allow and updates only rows still in a `from` state; the web shows the buttons the table offers.
 * Everything here is pure: loading the record and its facts is the caller's business.
 */

/** Who acts: the signed-in user (the role is what the access table is keyed by). */
export type TWorkflowActor = { id?: string; role: string };

/** The system itself: takes the automatic transitions (the last signature of a round, a timer). */
export const SYSTEM_ACTOR: TWorkflowActor = Object.freeze({ id: 'system', role: 'system' });

export type TWorkflowIssue = { path: string; message: string };

/** Why a guard refuses: a stable code (in the API's status table), a readable message, optional details. */
export type TGuardRefusal = { code: TErrorCode; message: string; details?: TWorkflowIssue[] };

export type TActionSpec<TStatus extends string, TFacts> = {
  /** The states the action may start from. */
  from: TStatus | readonly TStatus[];
  to: TStatus;
  /**
   * Who may take it, as a function of the actor (and of the record's facts, for rules such as "the
   * signer of this request"). Absent for automatic actions (`automatic: true`), which only the system takes.
   */
  who?: (actor: TWorkflowActor, facts: TFacts) => boolean;
  /** Conditions on the record beyond its state; the first refusal wins. */
  guard?: (facts: TFacts) => TGuardRefusal | null;
  /** The actor must give a reason (returns, forced variants, rejections). */
  requiresReason?: boolean;
  /** Taken by the system in the transaction of the triggering event, never by a user. */
  automatic?: boolean;
};

export type TRefusalCode = 'INVALID_TRANSITION' | 'FORBIDDEN' | 'VALIDATION_FAILED';

export type TTransitionOk<TStatus extends string, TAction extends string> = { ok: true; action: TAction; from: TStatus; to: TStatus };
export type TTransitionRefused<TStatus extends string, TAction extends string> = {
  ok: false;
  /** INVALID_TRANSITION (state), FORBIDDEN (who), VALIDATION_FAILED (reason missing), or the guard's own code. */
  code: TErrorCode;
  message: string;
  action: TAction;
  from: TStatus;
  /** The states the action may start from (for the INVALID_TRANSITION message). */
  allowedFrom: readonly TStatus[];
  details?: TWorkflowIssue[];
};
export type TTransitionResult<TStatus extends string, TAction extends string> = TTransitionOk<TStatus, TAction> | TTransitionRefused<TStatus, TAction>;

/** An action the actor may take from this state, with the guard's refusal if the record is not ready (a disabled button). */
export type TOfferedAction<TAction extends string> = { action: TAction; requiresReason: boolean; refusal: TGuardRefusal | null };

export type TWorkflow<TStatus extends string, TAction extends string, TFacts> = {
  readonly name: string;
  readonly states: readonly TStatus[];
  readonly actions: readonly TAction[];
  /** The declaration of one action. */
  spec(action: TAction): TActionSpec<TStatus, TFacts>;
  isStatus(value: unknown): value is TStatus;
  isAction(value: unknown): value is TAction;
  /**
   * Checks one transition in this order: who (FORBIDDEN: a side that may never take the action hears
   * so whatever the state), the state (INVALID_TRANSITION), the reason
   * when required (VALIDATION_FAILED on `reason`), then the guards (their own codes).
   */
  transition(status: TStatus, action: TAction, facts: TFacts, actor: TWorkflowActor, options?: { reason?: string | null }): TTransitionResult<TStatus, TAction>;
  /** States an action may start from: the server's conditional update is `where status in (...)`. */
  allowedFrom(action: TAction): readonly TStatus[];
  /** Actions whose `from` includes the state, whoever acts and whatever the facts. */
  actionsFrom(status: TStatus): TAction[];
  /** What the actor could do now: state, who and guards all pass (reasons are asked for by the form). */
  availableActions(status: TStatus, facts: TFacts, actor: TWorkflowActor): TAction[];
  /** The actor's buttons: state and who pass; `refusal` says why a guard still blocks it. */
  offeredActions(status: TStatus, facts: TFacts, actor: TWorkflowActor): TOfferedAction<TAction>[];
  /** Automatic actions that fire now: from this state, guards passing (the first one wins). */
  automaticActions(status: TStatus, facts: TFacts): TAction[];
};

/** The facts type named by the guards' (or a record-dependent who's) parameter; unknown when none names one. */
type TNamed<F> = unknown extends F ? never : F;
type TFactsNamed<TActions> = {
  [K in keyof TActions]:
    (TActions[K] extends { guard: (facts: infer F) => unknown } ? TNamed<F> : never) | (TActions[K] extends { who: (actor: TWorkflowActor, facts: infer F) => boolean } ? TNamed<F> : never);
}[keyof TActions];
type TGuardFacts<TActions> = [TFactsNamed<TActions>] extends [never] ? unknown : TFactsNamed<TActions>;

const isList = <T>(value: T | readonly T[]): value is readonly T[] => Array.isArray(value);
const listOf = <T>(value: T | readonly T[]): readonly T[] => (isList(value) ? value : [value]);

/**
 * Declares a workflow. The state union comes from `states`, the action union from the keys of
 * `actions`, and the facts type from the guards' parameter (annotate it, or pass `facts` for type only).
 * A `from` or `to` outside `states` is a type error, and is refused at run time too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any facts type matches here (a constraint on the actions, not a value)
export function defineWorkflow<const TStatus extends string, const TActions extends Record<string, TActionSpec<NoInfer<TStatus>, any>>, TFacts = TGuardFacts<TActions>>(definition: {
  name: string;
  states: readonly TStatus[];
  actions: TActions;
  /** Type witness only: `facts: {} as TMyFacts` when no guard names the type. */
  facts?: TFacts;
}): TWorkflow<TStatus, keyof TActions & string, TFacts> {
  type TAction = keyof TActions & string;
  const { name, states } = definition;
  const specs = definition.actions as unknown as Record<TAction, TActionSpec<TStatus, TFacts>>;
  const actions = ownKeys(specs);
  const stateSet = new Set<string>(states);
  for (const action of actions) {
    const spec = specs[action];
    for (const state of [...listOf(spec.from), spec.to]) {
      if (!stateSet.has(state)) throw new Error(`workflow ${name}: action ${action} names unknown state ${state}`);
    }
    if (!spec.automatic && !spec.who) throw new Error(`workflow ${name}: action ${action} needs who (or automatic: true)`);
  }
  const fromLists = new Map(actions.map((a) => [a, listOf(specs[a].from)]));
  const fromOf = (action: TAction): readonly TStatus[] => fromLists.get(action) ?? [];

  const isAction = (value: unknown): value is TAction => typeof value === 'string' && Object.hasOwn(specs, value);
  const mayAct = (spec: TActionSpec<TStatus, TFacts>, actor: TWorkflowActor, facts: TFacts) =>
    spec.automatic ? actor === SYSTEM_ACTOR || actor.role === SYSTEM_ACTOR.role : !!spec.who?.(actor, facts);

  function transition(status: TStatus, action: TAction, facts: TFacts, actor: TWorkflowActor, options: { reason?: string | null } = {}): TTransitionResult<TStatus, TAction> {
    if (!isAction(action)) throw new Error(`workflow ${name}: unknown action ${String(action)}`);
    const spec = specs[action];
    const allowedFrom = fromOf(action);
    const refuse = (code: TErrorCode, message: string, details?: TWorkflowIssue[]): TTransitionRefused<TStatus, TAction> => ({
      ok: false,
      code,
      message,
      action,
      from: status,
      allowedFrom,
      ...(details ? { details } : {}),
    });
    if (!mayAct(spec, actor, facts)) return refuse('FORBIDDEN', spec.automatic ? `${action} happens automatically` : `Your role cannot ${action} this record`);
    if (!allowedFrom.includes(status)) return refuse('INVALID_TRANSITION', `${action} is not possible from ${status} (only from ${allowedFrom.join(', ')})`);
    if (spec.requiresReason && !options.reason?.trim()) return refuse('VALIDATION_FAILED', `${action} needs a reason`, [{ path: 'reason', message: 'validation.required' }]);
    const refusal = spec.guard?.(facts);
    if (refusal) return refuse(refusal.code, refusal.message, refusal.details);
    return { ok: true, action, from: status, to: spec.to };
  }

  const offeredActions = (status: TStatus, facts: TFacts, actor: TWorkflowActor): TOfferedAction<TAction>[] =>
    actions
      .filter((a) => fromOf(a).includes(status) && !specs[a].automatic && mayAct(specs[a], actor, facts))
      .map((a) => ({ action: a, requiresReason: !!specs[a].requiresReason, refusal: specs[a].guard?.(facts) ?? null }));

  return {
    name,
    states,
    actions,
    spec: (action) => specs[action],
    isStatus: (value): value is TStatus => typeof value === 'string' && stateSet.has(value),
    isAction,
    transition,
    allowedFrom: fromOf,
    actionsFrom: (status) => actions.filter((a) => fromOf(a).includes(status)),
    availableActions: (status, facts, actor) =>
      offeredActions(status, facts, actor)
        .filter((o) => !o.refusal)
        .map((o) => o.action),
    offeredActions,
    automaticActions: (status, facts) => actions.filter((a) => specs[a].automatic && fromOf(a).includes(status) && !specs[a].guard?.(facts)),
  };
}

/** The status union of a workflow. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any facts type matches here (a constraint on the actions, not a value)
export type TWorkflowStatus<W> = W extends TWorkflow<infer S, string, any> ? S : never;
/** The action union of a workflow. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any facts type matches here (a constraint on the actions, not a value)
export type TWorkflowAction<W> = W extends TWorkflow<string, infer A, any> ? A : never;
/** The facts type of a workflow. */
export type TWorkflowFacts<W> = W extends TWorkflow<string, string, infer F> ? F : never;
