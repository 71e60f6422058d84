import { useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, FormControlLabel, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { FileImportDialog } from '../../components/FileImportDialog';
import { formatEuros } from '../../components/format';
import { currentCityId, useCan, useReachesAll } from '../../components/permissions';
import type { TNamedRecord } from '../../components/records';
import type { TPaymentImportResult } from '../../dataProvider/pagopa';
import { formatDate } from '../../i18n/format';

type TRow = { row: number; reference: string; amountCents: number; paymentDate: string; trn: string };

/** One list of the answer: row, notice, amount, date, TRN and what the list adds (declaration or reason). */
function RowsTable<R extends TRow>({ title, rows, extra, testId }: { title: string; rows: R[]; extra: { label: string; value: (row: R) => ReactNode }; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`pagopa.import.${key}`);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  if (rows.length === 0) return null;
  const heading = (
    <Typography variant="subtitle2" component="h3">
      {`${title} (${rows.length})`}
    </Typography>
  );
  // On a phone one block per row: six columns do not fit 390 px.
  if (narrow) {
    return (
      <Box sx={{ mt: 2 }} data-testid={testId}>
        {heading}
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <Box component="li" key={row.row} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {`${t('row')} ${row.row} · ${formatEuros(row.amountCents / 100, locale)} · ${formatDate(row.paymentDate, locale)}`}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {`${row.reference} · ${row.trn}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {extra.value(row)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      {heading}
      <TableContainer sx={{ maxHeight: 260, overflowX: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('row')}</TableCell>
              <TableCell>{t('fields.reference')}</TableCell>
              <TableCell align="right">{t('fields.amount')}</TableCell>
              <TableCell>{t('fields.paymentDate')}</TableCell>
              <TableCell>{t('fields.trn')}</TableCell>
              <TableCell>{extra.label}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.reference}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(row.amountCents / 100, locale)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.paymentDate, locale)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.trn}</TableCell>
                <TableCell>{extra.value(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function ImportResult({ result }: { result: TPaymentImportResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pagopa.import.${key}`, options);
  return (
    <>
      <RowsTable
        title={t('matchedTitle')}
        rows={result.matched}
        testId="pagopa-import-matched"
        extra={{ label: t('declaration'), value: (row) => [row.declarationCode, row.structureName].filter(Boolean).join(' · ') }}
      />
      <RowsTable title={t('unmatchedTitle')} rows={result.unmatched} testId="pagopa-import-unmatched" extra={{ label: t('reason'), value: (row) => t(`reasons.${row.reason}`) }} />
      <RowsTable
        title={t('duplicatesTitle')}
        rows={result.duplicates}
        testId="pagopa-import-duplicates"
        extra={{ label: t('reason'), value: (row) => t(`reasons.${row.reason}`, { row: row.firstRow ?? '' }) }}
      />
    </>
  );
}

/** The comune (or an admin, who picks the comune) imports the pagoPA payments its treasurer lists. */
export function ImportPagopaPaymentsButton() {
  const translate = useTranslate();
  const mayImport = useCan('declarations', 'importPagopaPayments');
  const picksComune = useReachesAll('declarations', 'importPagopaPayments');
  const [open, setOpen] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const [chosenCity, setChosenCity] = useState('');
  const { data: cities = [] } = useGetList<TNamedRecord>('cities', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open && picksComune });
  if (!mayImport) return null;
  const cityId = picksComune ? chosenCity : (currentCityId() ?? '');
  return (
    <>
      <Button size="small" startIcon={<PaymentsIcon />} onClick={() => setOpen(true)} data-testid="pagopa-import-open">
        {translate('pagopa.import.button')}
      </Button>
      <FileImportDialog<TPaymentImportResult>
        open={open}
        onClose={() => setOpen(false)}
        i18nPrefix="pagopa.import"
        testIdPrefix="pagopa-import"
        accept=".csv,.xlsx,text/csv"
        uploadPath={`/cities/${encodeURIComponent(cityId)}/pagopa-payments`}
        canStart={cityId !== ''}
        buildForm={(form) => form.append('dryRun', dryRun ? 'true' : 'false')}
        fields={(busy) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
            {picksComune ? (
              <TextField
                select
                size="small"
                label={translate('touristTax.fields.cityId')}
                value={chosenCity}
                onChange={(event) => setChosenCity(event.target.value)}
                disabled={busy}
                sx={{ minWidth: 240 }}
                data-testid="pagopa-import-city"
              >
                {cities.map((city) => (
                  <MenuItem key={city.id} value={String(city.id)}>
                    {city.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <FormControlLabel control={<Checkbox checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} disabled={busy} />} label={translate('pagopa.import.dryRun')} />
          </Box>
        )}
        describeResult={(result) => {
          const counts = { total: result.total, matched: result.matched.length, unmatched: result.unmatched.length, duplicates: result.duplicates.length };
          return translate(result.applied ? 'pagopa.import.done' : 'pagopa.import.checked', counts);
        }}
        renderResult={(result) => <ImportResult result={result} />}
        fieldLabel={(path) => translate(`pagopa.import.fields.${path}`, { _: path })}
      />
    </>
  );
}
