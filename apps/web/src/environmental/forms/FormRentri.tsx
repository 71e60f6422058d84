import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { useTranslate } from 'react-admin';
import type { TRentriFirBody } from '@app/domain/environmental/waste/rentri';
import { DownloadButton } from '../../components/DownloadButton';
import { Panel } from '../../components/Panel';
import { useCustomQuery } from '../../dataProvider/hooks';
import type { TFormWebRecord } from './FormReview';
import { F } from './formLabels';

/*
 * What RENTRI would receive for this form: the body of its "create FIR" call (GET /api/forms/{id}/rentri),
 * summed up in readable lines with the whole JSON below and as a download, or the fields RENTRI still
 * needs. Nothing is sent: the installation has no RENTRI sender, and the panel says so.
 */

type TLine = [label: string, value: string | undefined];

function summaryOf(body: TRentriFirBody): TLine[] {
  const d = body.dati_partenza;
  const w = d.rifiuto;
  return [
    ['forms.rentri.lines.firNumber', d.numero_fir],
    ['forms.rentri.lines.site', body.num_iscr_sito],
    ['forms.rentri.lines.producer', `${d.produttore.denominazione} (${d.produttore.codice_fiscale})`],
    ['forms.rentri.lines.receiver', `${d.destinatario.denominazione} (${d.destinatario.codice_fiscale}) – ${d.destinatario.attivita}`],
    ['forms.rentri.lines.transporters', d.trasportatori.map((t) => `${t.denominazione} (${t.codice_fiscale})`).join('; ')],
    ['forms.rentri.lines.waste', [w.codice_eer, w.descrizione, w.caratteristiche_pericolo?.join(', ')].filter(Boolean).join(' – ')],
    ['forms.rentri.lines.quantity', `${w.quantita.valore} ${w.quantita.unita_misura} – ${w.stato_fisico}${w.rinfusa ? '' : `, ${w.numero_colli ?? ''}`}`],
  ];
}

export function FormRentri({ record }: { record: TFormWebRecord }) {
  const translate = useTranslate();
  // The record's updatedAt is part of the key, so the answer follows every save and transition.
  const answer = useCustomQuery('formRentri', [record.id, record.updatedAt]);
  const transmission = useCustomQuery('rentriTransmission', []);
  const rentri = answer.data;
  return (
    <Panel
      title={translate('forms.rentri.title')}
      testId="form-rentri"
      action={
        rentri?.ok ? (
          <DownloadButton
            path={`/forms/${record.id}/rentri`}
            fileName={`rentri-fir-${record.code.replace(/\s+/g, '-')}.json`}
            label="forms.rentri.downloadJson"
            icon={<DataObjectIcon />}
            testId="form-rentri-json"
          />
        ) : null
      }
    >
      {transmission.data ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="form-rentri-transmission">
          {translate(`forms.rentri.transmission.${transmission.data.message}`)}
        </Alert>
      ) : null}
      {answer.isPending ? <CircularProgress size={20} /> : null}
      {answer.error ? <Alert severity="error">{translate('forms.rentri.unavailable')}</Alert> : null}
      {rentri && !rentri.ok ? (
        <Box data-testid="form-rentri-missing">
          <Alert severity="warning">{translate('forms.rentri.incomplete')}</Alert>
          <List dense>
            {rentri.missing.map((m) => (
              <ListItem key={m.path} disableGutters>
                <ListItemText primary={translate(F(m.path), { _: m.path })} secondary={m.message} />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
      {rentri?.ok ? (
        <Box data-testid="form-rentri-body">
          <Alert severity="success" sx={{ mb: 1 }}>
            {translate('forms.rentri.complete')}
          </Alert>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' }, columnGap: 2, rowGap: 0.5, my: 1 }}>
            {summaryOf(rentri.body).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {translate(label)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value || '—'}
                </Typography>
              </Box>
            ))}
          </Box>
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="body2">{translate('forms.rentri.showJson')}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Box component="pre" sx={{ m: 0, fontSize: 12, overflowX: 'auto', maxHeight: 400 }} data-testid="form-rentri-json-text">
                {JSON.stringify(rentri.body, null, 2)}
              </Box>
            </AccordionDetails>
          </Accordion>
        </Box>
      ) : null}
    </Panel>
  );
}
