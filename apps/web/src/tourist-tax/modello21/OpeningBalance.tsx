import { Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CaricoScarico } from './monthDetails';
import type { TMonthDraft } from './monthRows';

/** The opening balance carried from the previous year (prefilled, correctable) and the carico/scarico it gives. */
export function OpeningBalance({
  value,
  months,
  editable,
  problem,
  onChange,
}: {
  value: string;
  months: readonly TMonthDraft[];
  editable: boolean;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: editable ? '260px 1fr' : '1fr' }, gap: 2, alignItems: 'start' }}>
      {editable ? (
        <TextField
          size="small"
          label={translate('resources.twentyOneModels.fields.openingBalance')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={!!problem}
          helperText={problem ? translate(problem) : translate('filings.modello21.openingBalanceHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' }, 'data-testid': 'm21-opening-balance-input' } }}
        />
      ) : null}
      <CaricoScarico months={months} openingBalance={value} />
    </Box>
  );
}
