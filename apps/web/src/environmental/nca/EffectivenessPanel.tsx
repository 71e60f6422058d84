import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { effectivenessCheckWorkflow, type TEffectivenessCheckRecord } from '@app/domain/environmental/nca/index';
import { Panel } from '../../components/Panel';
import { namedWorkflowButton, type TActionNaming } from '../../components/namedWorkflowButton';
import { WorkflowActions } from '../../components/WorkflowActions';
import { formatDate, formatDateTime } from '../../i18n/format';
import type { TReport } from './reportRecord';

/*
 * The effectiveness check of a closed report: when it is due, where it stands, and its outcome. The
 * consortium records it (the workflow offers the buttons to it only); not effective opens a new
 * report citing this one, linked from here.
 */

type TCheck = TEffectivenessCheckRecord & { id: string };

const NAMING: TActionNaming = {
  labels: 'nca.capa.effectiveness.actions',
  done: 'nca.capa.effectiveness.done',
  confirms: 'nca.capa.effectiveness.confirm',
  testId: (action) => `nca-${action}`,
};
const BUTTONS = {
  recordEffective: namedWorkflowButton(NAMING, 'recordEffective', { color: 'success', confirm: true }),
  recordNotEffective: namedWorkflowButton(NAMING, 'recordNotEffective', {
    color: 'error',
    variant: 'outlined',
    reason: { intro: 'nca.capa.effectiveness.reasonIntro', label: 'nca.capa.effectiveness.reason', confirmTestId: 'nca-not-effective-confirm' },
  }),
};
const STANDING_COLOR = { due: 'warning', upcoming: 'default', done: 'success', failed: 'error' } as const;

export function EffectivenessPanel({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const {
    data = [],
    isPending,
    refetch,
  } = useGetList<TCheck>('nca-effectiveness-checks', { pagination: { page: 1, perPage: 1 }, sort: { field: 'dueDate', order: 'ASC' }, filter: { reportId: record.id } });
  const check = data[0];
  return (
    <Panel title={translate('nca.capa.effectiveness.title')} testId="nca-effectiveness">
      {!isPending && !check ? <Alert severity="info">{translate('nca.capa.effectiveness.notYet')}</Alert> : null}
      {check ? (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2">{translate('nca.capa.effectiveness.dueOn', { date: formatDate(check.dueDate, locale) })}</Typography>
            <Chip size="small" color={STANDING_COLOR[check.standing]} label={translate(`nca.capa.effectiveness.standing.${check.standing}`)} data-testid="nca-effectiveness-standing" />
            {check.decidedAt ? (
              <Typography variant="body2" color="text.secondary">
                {translate('nca.capa.effectiveness.decidedOn', { date: formatDateTime(check.decidedAt, locale) })}
              </Typography>
            ) : null}
          </Stack>
          {check.outcomeNote ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {`${translate('nca.capa.effectiveness.outcome')}: ${check.outcomeNote}`}
            </Typography>
          ) : null}
          {check.followUpReportId ? (
            <Button component={RouterLink} to={`/nca-reports/${check.followUpReportId}`} variant="outlined" sx={{ alignSelf: 'flex-start' }} data-testid="nca-follow-up">
              {translate('nca.capa.effectiveness.followUp')}
            </Button>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <WorkflowActions workflow={effectivenessCheckWorkflow} resource="nca-effectiveness-checks" record={check} facts={{}} buttons={BUTTONS} onDone={() => void refetch()} />
          </Stack>
        </Stack>
      ) : null}
    </Panel>
  );
}
