import { useState } from 'react';
import { Box, FormControl, FormHelperText, InputLabel, MenuItem, Select, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { importFormatChoices } from '../shared/choices';
import { FileImportDialog } from '../../components/FileImportDialog';
import type { TNamedRecord } from '../../components/records';

export type TImportFormat = 'xlsx' | 'csv' | 'alloggiati';
type TImportResult = { created: number; skipped: number; total: number };

/** The format a file most likely is, from its name: police files are plain text. */
export function guessImportFormat(fileName: string): TImportFormat | null {
  const extension = fileName.split('.').pop()?.toLowerCase();
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'csv') return 'csv';
  if (extension === 'txt' || extension === 'dat') return 'alloggiati';
  return null;
}

/**
 * Import stays of one structure from the xlsx/CSV template or a police Alloggiati Web file. The
 * upload shows its progress, then the rows the server has checked (socket event
 * `stays-import-progress`); the server either writes every stay (created / skipped counts) or none,
 * answering each bad row with its row, field and value in the user's language.
 */
export function ImportStaysDialog({ open, onClose, defaultStructureId }: { open: boolean; onClose: () => void; defaultStructureId?: string }) {
  const translate = useTranslate();
  const { data: structures = [] } = useGetList<TNamedRecord>('structures', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: { isActive: true } });
  const [structureId, setStructureId] = useState<string>(defaultStructureId ?? '');
  const [format, setFormat] = useState<TImportFormat | ''>('');
  // A police file says nothing about the tax: the hotelier states whether its guests paid.
  const [paymentStatus, setPaymentStatus] = useState<'' | 'paid' | 'not_paid'>('');
  const [noPaymentReason, setNoPaymentReason] = useState('');
  const needsPayment = format === 'alloggiati';
  const paymentReady = !needsPayment || paymentStatus === 'paid' || (paymentStatus === 'not_paid' && noPaymentReason.trim() !== '');
  const chosenStructure = structureId || (structures.length === 1 ? String(structures[0].id) : '');

  return (
    <FileImportDialog<TImportResult>
      open={open}
      onClose={onClose}
      i18nPrefix="touristTax.import"
      testIdPrefix="import"
      accept=".xlsx,.csv,.txt,.dat"
      uploadPath="/stays/import"
      template={{ path: '/stays/import-template.xlsx', query: { structureId: chosenStructure || undefined }, fileName: 'modello-importazione-soggiorni.xlsx' }}
      canStart={!!format && !!chosenStructure && paymentReady}
      buildForm={(form, language) => {
        form.append('structureId', chosenStructure);
        form.append('format', format);
        form.append('language', language);
        if (needsPayment && paymentStatus) {
          form.append('paymentStatus', paymentStatus);
          if (paymentStatus === 'not_paid') form.append('noPaymentReason', noPaymentReason.trim());
        }
      }}
      onFileChosen={(chosen) => {
        const guessed = chosen ? guessImportFormat(chosen.name) : null;
        if (guessed) setFormat(guessed);
      }}
      describeResult={(result) => translate('touristTax.import.done', { created: result.created, skipped: result.skipped, total: result.total })}
      fieldLabel={(path) => translate(`touristTax.import.fields.${path}`, { _: path })}
      progressEvent="stays-import-progress"
      acceptProgress={(payload) => (payload as { structureId?: string }).structureId === chosenStructure}
      fields={(busy) => (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
            <FormControl size="small" fullWidth>
              <InputLabel id="import-structure-label">{translate('touristTax.fields.structureId')}</InputLabel>
              <Select
                labelId="import-structure-label"
                label={translate('touristTax.fields.structureId')}
                value={chosenStructure}
                onChange={(event) => setStructureId(String(event.target.value))}
                disabled={busy}
                data-testid="import-structure"
              >
                {structures.map((structure) => (
                  <MenuItem key={structure.id} value={String(structure.id)}>
                    {structure.name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" fullWidth>
              <InputLabel id="import-format-label">{translate('touristTax.import.format')}</InputLabel>
              <Select
                labelId="import-format-label"
                label={translate('touristTax.import.format')}
                value={format}
                onChange={(event) => setFormat(event.target.value)}
                disabled={busy}
                data-testid="import-format"
              >
                {importFormatChoices.map((choice) => (
                  <MenuItem key={choice.id} value={choice.id}>
                    {translate(choice.name)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Box>
          {needsPayment ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
              <FormControl size="small" fullWidth>
                <InputLabel id="import-payment-label">{translate('touristTax.import.paymentStatus')}</InputLabel>
                <Select
                  labelId="import-payment-label"
                  label={translate('touristTax.import.paymentStatus')}
                  value={paymentStatus}
                  onChange={(event) => setPaymentStatus(event.target.value)}
                  disabled={busy}
                  data-testid="import-payment-status"
                >
                  <MenuItem value="paid">{translate('touristTax.paymentStatus.paid')}</MenuItem>
                  <MenuItem value="not_paid">{translate('touristTax.paymentStatus.not_paid')}</MenuItem>
                </Select>
                <FormHelperText>{translate('touristTax.import.paymentStatusHelp')}</FormHelperText>
              </FormControl>
              {paymentStatus === 'not_paid' ? (
                <TextField
                  size="small"
                  label={translate('touristTax.import.noPaymentReason')}
                  value={noPaymentReason}
                  onChange={(event) => setNoPaymentReason(event.target.value)}
                  disabled={busy}
                  required
                  slotProps={{ htmlInput: { 'data-testid': 'import-no-payment-reason' } }}
                />
              ) : null}
            </Box>
          ) : null}
        </>
      )}
    />
  );
}
