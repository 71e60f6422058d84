import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rolesOnNcaSide } from '@app/domain/platform/access/access-table';
import { agencies, correctiveActions, ncaEffectivenessChecks, ncaReports, settings, signRequests, users } from '../../../db/schema/index.ts';
import type { TSignedInContext } from '../../../lib/collection/define.ts';

/*
 * The SQL of the `ncaParticipant` record scope (access table) over reports, corrective actions and
 * sign requests. A supplier or laboratory user reads the reports that target their agency once they
 * leave the consortium's draft, the reports their agency detected, the reports they observe (named,
 * or as a default observer), and those they are asked to sign. Writes reach less: the target agency
 * writes its reports' cause analysis, and its own agency's corrective actions or those assigned to the user.
 * Whoever is assigned a corrective action (by name, or holding one of its roles or company functions
 * in the action's agency or the consortium) reads its report too, so that they can start and complete it.
 */

const none = sql`false`;

type TSqlRef = SQL | AnyColumn;

/** An action's assignment columns (or an alias's), as {@link holdsActionRoleOrFunction} reads them. */
export type TActionAssignmentRefs = { roleIds: TSqlRef; functionIds: TSqlRef; agencyId: TSqlRef; reportId: TSqlRef };
/** A user's columns (or an alias's), as {@link holdsActionRoleOrFunction} reads them. */
export type TAssignmentHolderRefs = { roleIds: TSqlRef; functionIds: TSqlRef; agencyId: TSqlRef; role: TSqlRef };

/** The roles of the consortium's side of the NCA workflow (the access table's ROLE_TRAITS), as SQL values. */
const consortiumSideRoles = sql.join(
  rolesOnNcaSide('consortium').map((role) => sql`${role}`),
  sql`, `,
);

/**
 * SQL: the user `holder` is assigned the action through one of the roles or company functions it
 * names, where the assignment reaches. A role or a function is held in many companies (every supplier
 * has its "Direttore tecnico di cantiere"), so it reaches only the holders in the action's own agency
 * (the executor named on it, else the report's target agency) and the consortium's staff, never
 * another company's holder. The one rule for the record scopes, the workflow's assignee fact and the
 * notifications; naming a user or an agency on the action is not this rule's concern.
 */
export function holdsActionRoleOrFunction(action: TActionAssignmentRefs, holder: TAssignmentHolderRefs): SQL {
  return sql`((${action.roleIds} && ${holder.roleIds} or ${action.functionIds} && ${holder.functionIds})
    and (${holder.role} in (${consortiumSideRoles})
      or ${holder.agencyId} = coalesce(${action.agencyId}, (select concerned.target_agency_id from ${ncaReports} concerned where concerned.id = ${action.reportId}))))`;
}

/** The corrective action's own columns and the users table's, for queries that join them unaliased. */
export const actionAssignment: TActionAssignmentRefs = {
  roleIds: correctiveActions.roleIds,
  functionIds: correctiveActions.agencyFunctionSettingIds,
  agencyId: correctiveActions.agencyId,
  reportId: correctiveActions.reportId,
};
export const assignmentHolder: TAssignmentHolderRefs = { roleIds: users.roleIds, functionIds: users.companyFunctionSettingIds, agencyId: users.agencyId, role: users.role };

/** The signed-in user's row (aliased `me`), as the holder of {@link holdsActionRoleOrFunction}. */
const me: TAssignmentHolderRefs = { roleIds: sql`me.role_ids`, functionIds: sql`me.company_function_setting_ids`, agencyId: sql`me.agency_id`, role: sql`me.role` };

/**
 * The reports the caller takes part in, written as branches an index serves each (PostgreSQL ORs them in a
 * bitmap), never as a condition evaluated report by report: the agency's reports (target and detector
 * indexes), the reports observing the caller (the observers' GIN index), every report when the caller is a
 * default observer (every report targets an agency that exists), and the ids of the reports the caller is asked
 * to sign or is assigned a corrective action of, each list read once per statement (`id = any(array(...))`, the
 * primary key). The assignment is the rule of {@link holdsActionRoleOrFunction}; the array overlaps before it
 * only let the GIN indexes of migration 0046 find its candidates.
 */
export function reportsReadable(ctx: TSignedInContext): SQL {
  const { agencyId, id: userId } = ctx.actor;
  const byAgency = agencyId ? sql`(${ncaReports.targetAgencyId} = ${agencyId} and ${ncaReports.status} <> 'pending') or ${ncaReports.detectedByAgencyId} = ${agencyId} or ` : sql``;
  const mine = sql`(select holder.role_ids from ${users} holder where holder.id = ${userId})`;
  const myFunctions = sql`(select holder.company_function_setting_ids from ${users} holder where holder.id = ${userId})`;
  return sql`(${byAgency}${ncaReports.observerUsersIds} @> array[${userId}::uuid]
    or ${ncaReports.targetAgencyId} = any(array(select observed.id from ${agencies} observed
      where exists (select 1 from ${settings} where ${settings.settingType} = 'defaultObserver' and ${settings.isActive} and ${settings.userId} = ${userId})))
    or ${ncaReports.id} = any(array(select ${signRequests.reportId} from ${signRequests} where ${signRequests.userId} = ${userId}
      union
      select assigned.report_id from ${correctiveActions} assigned, ${users} me
      where me.id = ${userId}
        and (assigned.user_ids @> array[${userId}::uuid] or assigned.role_ids && ${mine} or assigned.agency_function_setting_ids && ${myFunctions})
        and (${userId}::uuid = any(assigned.user_ids)
          or ${holdsActionRoleOrFunction({ roleIds: sql`assigned.role_ids`, functionIds: sql`assigned.agency_function_setting_ids`, agencyId: sql`assigned.agency_id`, reportId: sql`assigned.report_id` }, me)}))))`;
}

/** The reports whose cause analysis the caller writes: those that target the caller's agency, out of the draft. */
export function reportsWritable(ctx: TSignedInContext): SQL {
  return ctx.actor.agencyId ? and(eq(ncaReports.targetAgencyId, ctx.actor.agencyId), sql`${ncaReports.status} <> 'pending'`)! : none;
}

/** A subquery condition: the row's report is readable by the caller. */
function reportOfRowReadable(ctx: TSignedInContext, reportIdColumn: typeof correctiveActions.reportId | typeof signRequests.reportId | typeof ncaEffectivenessChecks.reportId): SQL {
  return sql`exists (select 1 from ${ncaReports} where ${ncaReports.id} = ${reportIdColumn} and ${reportsReadable(ctx)})`;
}

export function actionsReadable(ctx: TSignedInContext): SQL {
  return reportOfRowReadable(ctx, correctiveActions.reportId);
}

/** The corrective actions of the caller's agency, or assigned to the caller by name, or by a role or company function where it reaches. */
export function actionsWritable(ctx: TSignedInContext): SQL {
  const own = ctx.actor.agencyId ? eq(correctiveActions.agencyId, ctx.actor.agencyId) : none;
  const holder = sql`exists (select 1 from ${users} me where me.id = ${ctx.actor.id} and ${holdsActionRoleOrFunction(actionAssignment, me)})`;
  return and(sql`(${own} or ${ctx.actor.id}::uuid = any(${correctiveActions.userIds}) or ${holder})`, actionsReadable(ctx))!;
}

export function signRequestsReadable(ctx: TSignedInContext): SQL {
  return sql`(${signRequests.userId} = ${ctx.actor.id} or ${reportOfRowReadable(ctx, signRequests.reportId)})`;
}

/** The reports the caller's agency detected (what a supplier agency creates). */
export function reportsDetectedByOwnAgency(ctx: TSignedInContext): SQL {
  return ctx.actor.agencyId ? eq(ncaReports.detectedByAgencyId, ctx.actor.agencyId) : none;
}

/** The effectiveness checks of the reports the caller reads (a supplier: its own reports' checks). */
export function effectivenessChecksReadable(ctx: TSignedInContext): SQL {
  return reportOfRowReadable(ctx, ncaEffectivenessChecks.reportId);
}

export const reportScopes = { ncaParticipant: { read: reportsReadable, write: reportsWritable }, ownAgency: reportsDetectedByOwnAgency };
export const actionScopes = { ncaParticipant: { read: actionsReadable, write: actionsWritable } };
export const signRequestScopes = { ncaParticipant: signRequestsReadable };
export const effectivenessCheckScopes = { ncaParticipant: effectivenessChecksReadable };
