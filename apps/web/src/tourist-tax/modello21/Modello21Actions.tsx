import { modello21Workflow, type TModello21Action, type TModello21Facts } from '@app/domain/tourist-tax/filings/modello21-flow';
import { WorkflowActions, type TWorkflowButton } from '../../components/WorkflowActions';
import type { TModello21 } from './modello21Record';

/** Some of the Modello 21's workflow buttons (the page shows them in three places, each its own). */
export function Modello21Actions({ record, facts, buttons }: { record: TModello21; facts: TModello21Facts; buttons: Partial<Record<TModello21Action, TWorkflowButton>> }) {
  return <WorkflowActions workflow={modello21Workflow} resource="twentyOneModels" record={record} facts={facts} buttons={buttons} />;
}
