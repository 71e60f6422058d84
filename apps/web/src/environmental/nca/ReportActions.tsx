import { Button, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Panel } from '../../components/Panel';
import { useCan } from '../../components/permissions';
import { formatDate } from '../../i18n/format';
import { ActionStatusChip } from '../corrective-actions/ActionStatusChip';
import type { TCorrectiveActionRecord } from '@app/domain/environmental/nca/index';
import type { TReport } from './reportRecord';

/** The report's corrective actions, each opening its own page (its buttons and documents). */
export function ReportActions({ record }: { record: TReport }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const canCreate = useCan('corrective-actions', 'create');
  const { data = [], isPending } = useGetList<TCorrectiveActionRecord & { id: string }>('corrective-actions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'ASC' },
    filter: { reportId: record.id },
  });
  const proposing = ['open', 'waiting_validations', 'waiting_operations'].includes(record.status);
  return (
    <Panel
      title={translate('nca.tabs.actions')}
      testId="nca-actions"
      action={
        canCreate && proposing ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/corrective-actions/create?source=${encodeURIComponent(JSON.stringify({ reportId: record.id }))}`}
            data-testid="nca-propose-action"
          >
            {translate('nca.actionsList.propose')}
          </Button>
        ) : undefined
      }
    >
      {!isPending && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('nca.actionsList.none')}
        </Typography>
      ) : null}
      <MuiList dense disablePadding>
        {data.map((action) => (
          <ListItem
            key={action.id}
            divider
            component={RouterLink}
            to={`/corrective-actions/${action.id}`}
            sx={{ color: 'inherit', flexWrap: 'wrap', gap: 1 }}
            data-testid={`nca-action-${action.name}`}
          >
            <ListItemText
              primary={`${action.code} · ${action.name}`}
              secondary={[
                translate(`nca.actionType.${action.actionType}`),
                action.expireDate ? translate('nca.actionsList.expires', { date: formatDate(action.expireDate, locale) }) : null,
                action.overdue ? translate('nca.actionsList.overdue') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <ActionStatusChip status={action.status} />
          </ListItem>
        ))}
      </MuiList>
    </Panel>
  );
}
