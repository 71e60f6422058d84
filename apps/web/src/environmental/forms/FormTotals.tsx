import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { findEerCode } from '@app/domain/environmental/waste/eer';
import { useCustomQuery } from '../../dataProvider/hooks';
import { eerLabel } from './EerCodeInput';
import { F } from './formLabels';
import { filterQuery } from './listFilters';
import { formatQuantity } from './formatQuantity';
import { useListFilterValues } from '../../components/records';

/** Quantity per EER code, unit and month over the forms the filters select (the API sums them exactly). */
export function FormTotals() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filterValues = useListFilterValues();
  const { data } = useCustomQuery('formTotals', [filterQuery(filterValues)]);
  return (
    <Box sx={{ px: 2, py: 1.5 }} data-testid="form-totals">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('forms.sections.totals')}
      </Typography>
      {data && data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('forms.noTotals')}
        </Typography>
      ) : (
        // On a phone the table scrolls sideways: a keyboard user must be able to focus it to scroll (axe scrollable-region-focusable).
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('forms.sections.totals')}>
          <Table size="small" sx={{ maxWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('forms.period')}</TableCell>
                <TableCell>{translate(F('cer'))}</TableCell>
                <TableCell align="right">{translate(F('quantity'))}</TableCell>
                <TableCell align="right">{translate('forms.forms')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data ?? []).map((row) => {
                const entry = findEerCode(row.cer);
                const [year, month] = row.period.split('-');
                return (
                  <TableRow key={`${row.period}-${row.cer}-${row.unit}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(Number(year), Number(month) - 1, 1).toLocaleDateString(locale, { month: 'long', year: 'numeric' })}</TableCell>
                    <TableCell>{entry ? eerLabel(entry, locale) : row.cerDisplay}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatQuantity(row.quantity, locale)} {row.unit}
                    </TableCell>
                    <TableCell align="right">{row.forms}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
