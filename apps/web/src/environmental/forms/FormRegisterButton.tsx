import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import GridOnIcon from '@mui/icons-material/GridOn';
import { useLocaleState, useTranslate } from 'react-admin';
import { DownloadButton } from '../../components/DownloadButton';
import { useCustomQuery } from '../../dataProvider/hooks';

/*
 * The chronological register of loads and unloads of a producer site (GET /api/forms/register), for a
 * year or one of its months, as xlsx or PDF. The sites are those of the forms the user may list.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A year, or one month of it, as the register's from/to. */
export function registerPeriod(year: number, month: number | null): { from: string; to: string } {
  if (month === null) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(last)}` };
}

export function FormRegisterButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<MenuBookIcon />} onClick={() => setOpen(true)} data-testid="forms-register">
        {translate('forms.register.button')}
      </Button>
      {open ? <RegisterDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RegisterDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sites = useCustomQuery('formRegisterSites', []);
  const thisYear = new Date().getFullYear();
  const [site, setSite] = useState<string>('');
  const [year, setYear] = useState(thisYear);
  const [month, setMonth] = useState<number | null>(null);
  const chosen = site || sites.data?.[0]?.siteRegistrationNumber || '';
  const period = registerPeriod(year, month);
  const monthName = (m: number) => new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m - 1, 1)));
  const fileBase = `registro-${chosen}-${period.from}-${period.to}`;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="forms-register-title">
      <DialogTitle id="forms-register-title">{translate('forms.register.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('forms.register.intro')}</DialogContentText>
        {sites.data && sites.data.length === 0 ? <Alert severity="info">{translate('forms.register.noSites')}</Alert> : null}
        {sites.data && sites.data.length > 0 ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={translate('forms.register.site')} value={chosen} onChange={(event) => setSite(event.target.value)} fullWidth data-testid="forms-register-site">
              {sites.data.map((s) => (
                <MenuItem key={s.siteRegistrationNumber} value={s.siteRegistrationNumber}>
                  {`${s.siteRegistrationNumber} – ${s.productionSite ?? s.producerName}`}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={translate('forms.register.year')} value={year} onChange={(event) => setYear(Number(event.target.value))} fullWidth data-testid="forms-register-year">
                {[0, 1, 2, 3, 4].map((back) => (
                  <MenuItem key={back} value={thisYear - back}>
                    {thisYear - back}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={translate('forms.register.month')}
                value={month ?? 0}
                onChange={(event) => setMonth(Number(event.target.value) || null)}
                fullWidth
                data-testid="forms-register-month"
              >
                <MenuItem value={0}>{translate('forms.register.wholeYear')}</MenuItem>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                  <MenuItem key={m} value={m}>
                    {monthName(m)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        {chosen ? (
          <>
            <DownloadButton
              path="/forms/register"
              query={{ producerSite: chosen, ...period, format: 'xlsx' }}
              fileName={`${fileBase}.xlsx`}
              label="forms.register.xlsx"
              icon={<GridOnIcon />}
              testId="forms-register-xlsx"
            />
            <DownloadButton
              path="/forms/register"
              query={{ producerSite: chosen, ...period, format: 'pdf' }}
              fileName={`${fileBase}.pdf`}
              label="forms.register.pdf"
              icon={<PictureAsPdfIcon />}
              testId="forms-register-pdf"
            />
          </>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
