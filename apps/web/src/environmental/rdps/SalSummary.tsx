import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { FunctionField, ReferenceField, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import type { TRdp } from './rdpRecord';

/** The SAL confirmation: its reference, when and by whom. */
export function SalSummary({ record }: { record: TRdp }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.salConfirmedAt) return null;
  return (
    <Table size="small" sx={{ maxWidth: 560 }} data-testid="rdp-sal">
      <TableBody>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salRef')}</TableCell>
          <TableCell>{record.salRef}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salAt')}</TableCell>
          <TableCell>{formatDateTime(record.salConfirmedAt, locale)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th">{translate('environmental.rdps.accounting.salBy')}</TableCell>
          <TableCell>
            <ReferenceField source="salConfirmedById" reference="users" link={false} emptyText="—">
              <FunctionField render={(u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email} />
            </ReferenceField>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
