import { Alert, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import type { TModello21Info } from '../../dataProvider/filings';
import { ReferencedName } from '../shared/filingParts';
import { Modello21StatusChips } from './Modello21StatusChips';
import type { TModello21 } from './modello21Record';

/** Model info: whether the comune requires it, the deadline, and what still stops it. */
export function InfoPanel({ record, info }: { record: TModello21; info: TModello21Info | null }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Panel title={translate('filings.modello21.info')}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Modello21StatusChips record={record} />
      </Stack>
      {info && !info.required ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('filings.modello21.notRequired', { city: info.cityName })}
        </Alert>
      ) : null}
      {record.returnReason && record.status === 'draft' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('filings.modello21.returnedBecause', { reason: record.returnReason })}
        </Alert>
      ) : null}
      <FactGrid>
        <Fact label={translate('resources.twentyOneModels.fields.structureId')}>
          <ReferencedName reference="structures" id={record.structureId} />
        </Fact>
        <Fact label={translate('resources.twentyOneModels.fields.year')}>{record.year}</Fact>
        <Fact label={translate('resources.twentyOneModels.fields.deadline')}>
          {formatDate(record.deadline, locale)}
          {info && record.status === 'draft'
            ? ` (${translate(info.daysToDeadline >= 0 ? 'filings.modello21.daysLeft' : 'filings.modello21.daysLate', { smart_count: Math.abs(info.daysToDeadline) })})`
            : ''}
        </Fact>
        <Fact label={translate('resources.twentyOneModels.fields.validationNumber')}>{record.validationNumber}</Fact>
      </FactGrid>
    </Panel>
  );
}
