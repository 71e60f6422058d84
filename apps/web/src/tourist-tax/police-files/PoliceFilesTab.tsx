import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import DownloadIcon from '@mui/icons-material/Download';
import { useRecordContext, useTranslate } from 'react-admin';
import { useCustomMutation } from '../../dataProvider/hooks';
import { errorCodeOf, errorDetailsOf, HttpError } from '../../dataProvider/errors';
import { errorText } from '../../components/serverErrors';
import { SectionTitle } from '../../components/forms';
import { IstatMovementView } from './IstatMovementView';
import { CalendarDateField } from '../../components/DateInput';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in Rome, 'YYYY-MM-DD': the day whose arrivals a hotelier files. */
function todayInRome(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
}

type TProblem = { stayId: string; guestIndex: number; field: string; reason: string; who: string };

/** The API's details `stays.<id>.guests.<index>.<field>` with message `alloggiati.<reason>: <guest>, <field>`. */
function problemsOf(error: unknown): TProblem[] {
  if (!(error instanceof HttpError) || errorCodeOf(error) !== 'ALLOGGIATI_INCOMPLETE') return [];
  const problems: TProblem[] = [];
  for (const detail of errorDetailsOf(error)) {
    const path = /^stays\.([^.]+)\.guests\.(\d+)\.(\w+)$/.exec(detail.path);
    const message = /^alloggiati\.(\w+): (.*), \w+$/.exec(detail.message);
    if (path && message) problems.push({ stayId: path[1], guestIndex: Number(path[2]), field: path[3], reason: message[1], who: message[2] });
  }
  return problems;
}

/** One line per guest: what is missing, then what is not valid. */
function groupByGuest(problems: TProblem[]) {
  const groups = new Map<string, { key: string; stayId: string; guestIndex: number; who: string; reasons: { reason: string; fields: string[] }[] }>();
  for (const p of problems) {
    const key = `${p.stayId}.${p.guestIndex}`;
    const group = groups.get(key) ?? { key, stayId: p.stayId, guestIndex: p.guestIndex, who: p.who, reasons: [] };
    const reason = group.reasons.find((r) => r.reason === p.reason);
    if (reason) reason.fields.push(p.field);
    else group.reasons.push({ reason: p.reason, fields: [p.field] });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The files a structure owes the police and ISTAT, made from the guests it already recorded: the
 * Alloggiati Web file of a day's arrivals (uploaded by the hotelier on the police portal: the product
 * does not send it) and the month's movement of guests (ISTAT C/59).
 */
export function PoliceFilesTab() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string }>();
  const [date, setDate] = useState(todayInRome);
  const [problem, setProblem] = useState<unknown>(null);
  const download = useCustomMutation('download', { onError: setProblem, onSuccess: () => setProblem(null) });
  if (!record?.id) return null;
  const problems = problemsOf(problem);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="police-files">
      <SectionTitle>{translate('touristTax.policeFiles.alloggiatiTitle')}</SectionTitle>
      <Typography variant="body2" color="text.secondary">
        {translate('touristTax.policeFiles.alloggiatiHelp')}
      </Typography>
      <Alert severity="info">{translate('touristTax.policeFiles.notSent')}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <CalendarDateField label={translate('touristTax.policeFiles.arrivalDate')} value={date} onChange={setDate} sx={{ width: { xs: '100%', sm: 220 } }} />
        <Button
          variant="contained"
          data-testid="alloggiati-download"
          startIcon={download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
          disabled={!ISO_DATE.test(date) || download.isPending}
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => download.mutate([`/structures/${record.id}/alloggiati`, { query: { date }, fileName: `alloggiati-${date}.txt` }])}
        >
          {translate('touristTax.policeFiles.downloadAlloggiati')}
        </Button>
      </Stack>
      {problem && problems.length === 0 ? <Alert severity="error">{errorText(translate, problem)}</Alert> : null}
      {problems.length > 0 ? (
        <Alert severity="warning" data-testid="alloggiati-problems">
          <AlertTitle>{translate('touristTax.policeFiles.incompleteTitle', { smart_count: problems.length })}</AlertTitle>
          {groupByGuest(problems).map((group) => (
            <div key={group.key}>
              <Link component={RouterLink} to={`/stays/${group.stayId}`}>
                {translate('touristTax.policeFiles.guestN', { n: group.guestIndex + 1, name: group.who })}
              </Link>
              {' — '}
              {group.reasons
                .map(
                  ({ reason, fields }) =>
                    `${translate(`touristTax.policeFiles.reasons.${reason}`, { _: reason })}: ${fields.map((field) => translate(field === 'guest' ? 'touristTax.policeFiles.notRecorded' : `touristTax.guest.${field}`, { _: field })).join(', ')}`,
                )
                .join('; ')}
            </div>
          ))}
        </Alert>
      ) : null}
      <IstatMovementView structureId={record.id} />
    </Box>
  );
}
