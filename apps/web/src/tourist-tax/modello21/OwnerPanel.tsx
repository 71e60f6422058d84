import { Box, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { CalendarDateField } from '../../components/DateInput';
import { Fact, FactGrid, Panel } from '../../components/Panel';
import type { TOwnerDraft } from './monthRows';

/** The agente contabile's data: facts once submitted, inputs (with the live check's problems and warnings) while a draft. */
export function OwnerPanel({
  owner,
  editable,
  problems,
  warnings,
  onChange,
}: {
  owner: TOwnerDraft;
  editable: boolean;
  problems: Record<string, string>;
  warnings: Record<string, string>;
  onChange: (patch: Partial<TOwnerDraft>) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = (name: string) => translate(`resources.twentyOneModels.fields.${name}`);
  const problem = (path: string) => (problems[path] ? translate(problems[path], { _: problems[path] }) : warnings[path] ? translate(warnings[path], { _: warnings[path] }) : undefined);
  if (!editable) {
    return (
      <Panel title={translate('filings.modello21.owner')}>
        <FactGrid>
          <Fact label={label('ownerCompanyName')} testId="m21-owner-company">
            {owner.ownerCompanyName}
          </Fact>
          <Fact label={label('ownerLegalRepresentative')}>{owner.ownerLegalRepresentative}</Fact>
          <Fact label={label('ownerRole')}>{owner.ownerRole}</Fact>
          <Fact label={label('ownerSurname')}>{owner.ownerSurname}</Fact>
          <Fact label={label('ownerName')}>{owner.ownerName}</Fact>
          <Fact label={label('ownerTaxCode')}>{owner.ownerTaxCode}</Fact>
          <Fact label={label('ownerVatNumber')}>{owner.ownerVatNumber}</Fact>
          <Fact label={label('ownerAddress')}>{owner.ownerAddress}</Fact>
          <Fact label={label('signatureDate')}>{formatDate(owner.signatureDate || null, locale)}</Fact>
          <Fact label={label('notes')}>{owner.notes}</Fact>
        </FactGrid>
      </Panel>
    );
  }
  const input = (name: keyof TOwnerDraft, extra: Record<string, unknown> = {}) => (
    <TextField
      key={name}
      size="small"
      label={label(name)}
      value={owner[name]}
      onChange={(event) => onChange({ [name]: event.target.value })}
      error={!!problems[name]}
      helperText={problem(name) ?? ' '}
      color={warnings[name] && !problems[name] ? 'warning' : undefined}
      {...extra}
    />
  );
  return (
    <Panel title={translate('filings.modello21.owner')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 }}>
        {input('ownerSurname')}
        {input('ownerName', { required: true })}
        {input('ownerTaxCode', { required: true })}
        {input('ownerVatNumber')}
        {input('ownerAddress')}
        <CalendarDateField
          value={owner.signatureDate}
          onChange={(value) => onChange({ signatureDate: value })}
          label={label('signatureDate')}
          variant="filled"
          required
          error={!!problems.signatureDate}
          helperText={problem('signatureDate') ?? ' '}
        />
      </Box>
      {/* A company is the agente contabile through its legale rappresentante, whose name goes under the signature. */}
      <Typography variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
        {translate('filings.modello21.company')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('filings.modello21.companyHelp')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2 }}>
        {input('ownerCompanyName', { slotProps: { htmlInput: { maxLength: 300 } } })}
        {input('ownerLegalRepresentative', { slotProps: { htmlInput: { maxLength: 200 } } })}
        {input('ownerRole', { placeholder: translate('filings.modello21.ownerRolePlaceholder'), slotProps: { htmlInput: { maxLength: 100 } } })}
        {input('notes', { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } })}
      </Box>
    </Panel>
  );
}
