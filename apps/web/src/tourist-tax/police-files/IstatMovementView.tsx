import { useState } from 'react';
import { Alert, Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { keepPreviousData, useCustomQuery } from '../../dataProvider/hooks';
import type { TIstatMovement } from '../../dataProvider/stays';
import { DownloadButton } from '../../components/DownloadButton';
import { SectionTitle } from '../../components/forms';
import { errorText } from '../../components/serverErrors';
import { CalendarMonthField } from '../../components/DateInput';
import { formatDate } from '../../i18n/format';

/** The month before the current one in Rome: the movement ISTAT asks for at the start of a month. */
function lastMonthInRome(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const FIGURES = ['arrivals', 'departures', 'presences'] as const;

function Figures({ row }: { row: Record<(typeof FIGURES)[number], number> }) {
  return (
    <>
      {FIGURES.map((figure) => (
        <TableCell key={figure} align="right">
          {row[figure]}
        </TableCell>
      ))}
    </>
  );
}

/** The header row of both tables: what a row is, then one column per figure. */
function FiguresHead({ first }: { first: string }) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        <TableCell>{translate(first)}</TableCell>
        {FIGURES.map((figure) => (
          <TableCell key={figure} align="right">
            {translate(`touristTax.policeFiles.${figure}`)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function ResidenceTable({ movement }: { movement: TIstatMovement }) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" data-testid="istat-residences">
        <FiguresHead first="touristTax.policeFiles.residence" />
        <TableBody>
          {movement.residences.map((row) => (
            <TableRow key={`${row.residence.kind}:${row.residence.code}`}>
              <TableCell>
                {row.residence.kind === 'unknown' ? translate('touristTax.policeFiles.unknownResidence') : `${row.residence.label} (${translate(`touristTax.policeFiles.${row.residence.kind}`)})`}
              </TableCell>
              <Figures row={row} />
            </TableRow>
          ))}
          <TableRow sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>{translate('touristTax.policeFiles.total')}</TableCell>
            <Figures row={movement.totals} />
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DayTable({ movement }: { movement: TIstatMovement }) {
  const [locale] = useLocaleState();
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader data-testid="istat-days">
        <FiguresHead first="touristTax.policeFiles.day" />
        <TableBody>
          {movement.days.map((day) => (
            <TableRow key={day.date} sx={day.arrivals || day.departures || day.presences ? undefined : { '& td': { color: 'text.disabled' } }}>
              <TableCell>{formatDate(day.date, locale)}</TableCell>
              <Figures row={day} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A month's movement of guests of the structure (ISTAT C/59): by residence, then day by day; the same as xlsx. */
export function IstatMovementView({ structureId }: { structureId: string }) {
  const translate = useTranslate();
  const [month, setMonth] = useState(lastMonthInRome);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const { data, error, isFetching } = useCustomQuery('istatMovement', [structureId, month], { enabled: valid, placeholderData: keepPreviousData });
  return (
    <>
      <SectionTitle>{translate('touristTax.policeFiles.istatTitle')}</SectionTitle>
      <Typography variant="body2" color="text.secondary">
        {translate('touristTax.policeFiles.istatHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <CalendarMonthField label={translate('touristTax.policeFiles.month')} value={month} onChange={setMonth} sx={{ width: { xs: '100%', sm: 220 } }} />
        <DownloadButton
          path={`/structures/${structureId}/istat-movements`}
          query={{ month, format: 'xlsx' }}
          fileName={`movimento-istat-${month}.xlsx`}
          label="touristTax.policeFiles.downloadIstat"
          testId="istat-download"
        />
      </Stack>
      {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
      {data ? (
        <Box sx={{ opacity: isFetching ? 0.6 : 1, display: 'grid', gap: 2 }}>
          <Typography variant="body2" data-testid="istat-summary">
            {translate('touristTax.policeFiles.summary', { arrivals: data.totals.arrivals, presences: data.totals.presences, beds: data.bedsAvailable ?? '—' })}
          </Typography>
          <ResidenceTable movement={data} />
          <DayTable movement={data} />
          <Typography variant="caption" color="text.secondary">
            {translate('touristTax.policeFiles.roomsNotRecorded')}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}
