import { can } from '../access/index.ts';
import { defineWorkflow, type TWorkflowActor } from '../workflow/index.ts';

export const EVENT_STATUSES = ['waitingConfirmation', 'confirmed', 'canceled'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];

/**
 * An event someone proposed. Hoteliers propose (waitingConfirmation) and may cancel their own (the
 * update grant's record scope keeps them to their own); only whoever holds `events.confirm` (an
 * administrator) confirms, and puts an event back to be confirmed again. Every status is reachable
 * from the other two for the administrator, as the status field of the events screen always allowed.
 *
 *   waitingConfirmation ──confirm──> confirmed
 *          │  ^──────────reopen──────────┤
 *          └──cancel──> canceled <─cancel┘   (confirm and reopen also leave canceled)
 */
const confirmer = (actor: TWorkflowActor) => can(actor.role, 'events', 'confirm');
const editor = (actor: TWorkflowActor) => can(actor.role, 'events', 'update');

export const eventWorkflow = defineWorkflow({
  name: 'events',
  states: EVENT_STATUSES,
  actions: {
    confirm: { from: ['waitingConfirmation', 'canceled'], to: 'confirmed', who: confirmer },
    cancel: { from: ['waitingConfirmation', 'confirmed'], to: 'canceled', who: editor },
    reopen: { from: ['confirmed', 'canceled'], to: 'waitingConfirmation', who: confirmer },
  },
});

export type TEventAction = (typeof eventWorkflow.actions)[number];

/** The action that moves an event from one status to another (the status field of a PUT); null when they are the same. */
export function eventActionFor(from: TEventStatus, to: TEventStatus): TEventAction | null {
  if (from === to) return null;
  return to === 'confirmed' ? 'confirm' : to === 'canceled' ? 'cancel' : 'reopen';
}
