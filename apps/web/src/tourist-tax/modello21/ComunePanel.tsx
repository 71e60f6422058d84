import { useState } from 'react';
import { Box, Stack, TextField } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import { useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { modello21Workflow, type TModello21Facts } from '@app/domain/tourist-tax/filings/modello21-flow';
import { formatDate } from '../../i18n/format';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import { currentRole } from '../../components/permissions';
import { Modello21Actions } from './Modello21Actions';
import { todayInItaly, type TModello21FormValues } from './monthRows';
import type { TModello21 } from './modello21Record';

/**
 * The comune's side: validation number (visto di regolarità) and notes, typed in the page's form
 * (`draft.validationNumber`, `draft.cityNotes`), then validate, or a return with a reason.
 */
export function ComunePanel({ record, facts }: { record: TModello21; facts: TModello21Facts }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { setValue } = useFormContext<TModello21FormValues>();
  const [validationNumber, cityNotes] = useWatch<TModello21FormValues, ['draft.validationNumber', 'draft.cityNotes']>({ name: ['draft.validationNumber', 'draft.cityNotes'] });
  const [touched, setTouched] = useState(false);
  const canDecide = modello21Workflow.offeredActions(record.status, facts, { role: currentRole() ?? '' }).some((o) => o.action === 'validate' || o.action === 'return');

  if (!canDecide) {
    if (record.status !== 'validated') return null;
    return (
      <Panel title={translate('filings.modello21.comuneTitle')}>
        <FactGrid columns={3}>
          <Fact label={translate('resources.twentyOneModels.fields.validationNumber')} testId="m21-validation-number">
            {record.validationNumber}
          </Fact>
          <Fact label={translate('resources.twentyOneModels.fields.validatedAt')} testId="m21-validated-at">
            {formatDate(record.validatedAt ? todayInItaly(new Date(record.validatedAt)) : null, locale)}
          </Fact>
          <Fact label={translate('resources.twentyOneModels.fields.cityNotes')}>{record.cityNotes}</Fact>
        </FactGrid>
      </Panel>
    );
  }
  const missingNumber = validationNumber.trim() === '';
  return (
    <Panel title={translate('filings.modello21.comuneTitle')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, columnGap: 2 }}>
        <TextField
          size="small"
          label={translate('resources.twentyOneModels.fields.validationNumber')}
          value={validationNumber}
          onChange={(event) => setValue('draft.validationNumber', event.target.value, { shouldDirty: true })}
          required
          error={touched && missingNumber}
          helperText={touched && missingNumber ? translate('validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          size="small"
          label={translate('resources.twentyOneModels.fields.cityNotes')}
          value={cityNotes}
          onChange={(event) => setValue('draft.cityNotes', event.target.value, { shouldDirty: true })}
          multiline
          helperText=" "
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Modello21Actions
          record={record}
          facts={facts}
          buttons={{
            validate: {
              label: 'filings.modello21.validate',
              icon: <CheckCircleIcon />,
              color: 'success',
              testId: 'm21-validate',
              done: 'filings.modello21.done.validate',
              confirm: { title: 'filings.modello21.validateTitle', content: 'filings.modello21.validateConfirm' },
              translateOptions: { number: validationNumber.trim() },
              before: () => {
                setTouched(true);
                return !missingNumber;
              },
              body: () => ({ validationNumber: validationNumber.trim(), cityNotes: cityNotes.trim() || null }),
            },
            return: {
              label: 'filings.modello21.return',
              icon: <ReplyIcon />,
              variant: 'outlined',
              color: 'warning',
              testId: 'm21-return',
              done: 'filings.modello21.done.return',
              reason: { intro: 'filings.modello21.returnIntro', label: 'filings.declarations.returnReason' },
            },
          }}
        />
      </Stack>
    </Panel>
  );
}
