import { describe, expect, it } from 'vitest';
import { namedWorkflowButton, type TActionNaming } from './namedWorkflowButton';

const NAMING: TActionNaming = { labels: 'area.actions', done: 'area.done', confirms: 'area.confirm', testId: (action) => `area-${action}` };

describe('namedWorkflowButton', () => {
  it('names the label, the message and the test id after the action', () => {
    expect(namedWorkflowButton(NAMING, 'approve')).toEqual({ label: 'area.actions.approve', done: 'area.done.approve', testId: 'area-approve' });
  });

  it("asks with the action's own prompt for confirm: true, and keeps a prompt given as is", () => {
    expect(namedWorkflowButton(NAMING, 'approve', { confirm: true }).confirm).toEqual({ title: 'area.actions.approve', content: 'area.confirm.approve' });
    expect(namedWorkflowButton(NAMING, 'recall', { confirm: { title: 't', content: 'c' } }).confirm).toEqual({ title: 't', content: 'c' });
  });

  it('lets the look override a name (shared labels, a test id of its own)', () => {
    expect(namedWorkflowButton(NAMING, 'recallPhase2', { label: 'area.actions.recall', testId: 'area-back', color: 'warning' })).toEqual({
      label: 'area.actions.recall',
      done: 'area.done.recallPhase2',
      testId: 'area-back',
      color: 'warning',
    });
  });
});
