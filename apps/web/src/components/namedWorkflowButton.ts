import type { TWorkflowButton } from './WorkflowActions';

/**
 * Where an area keeps the texts and test ids of its workflow actions, named after each action:
 * the label `<labels>.<action>`, the success message `<done>.<action>`, the confirmation prompt
 * `<confirms>.<action>` and the test id `testId(action)`.
 */
export type TActionNaming = { labels: string; done: string; confirms: string; testId: (action: string) => string };

type TLook = Omit<TWorkflowButton, 'label' | 'done' | 'confirm'> & Partial<Pick<TWorkflowButton, 'label' | 'done'>> & { confirm?: TWorkflowButton['confirm'] | true };

/** One action's button, its texts and test id from the area's naming, its look (and any exception) from `look`; `confirm: true` asks with the action's own prompt. */
export function namedWorkflowButton(naming: TActionNaming, action: string, { confirm, ...look }: TLook = {}): TWorkflowButton {
  const label = `${naming.labels}.${action}`;
  return {
    label,
    done: `${naming.done}.${action}`,
    testId: naming.testId(action),
    ...(confirm === true ? { confirm: { title: label, content: `${naming.confirms}.${action}` } } : confirm ? { confirm } : {}),
    ...look,
  };
}
