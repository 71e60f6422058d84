import { useEffect, useState } from 'react';
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useGetList, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { useWatchedValues } from '../../components/watchedValues';
import { textOf } from '@app/domain/platform/records/keys';

type TStayRow = { id: string; checkIn: string; checkOut: string; guest: { surname?: string | null; name?: string | null } | null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLocaleLowerCase('it') === (b ?? '').trim().toLocaleLowerCase('it');

/**
 * Warns, before saving, that the structure already has a stay of the same lead guest on the same dates:
 * the usual trace of a stay typed twice (or imported and then typed). It only warns: two stays of
 * namesakes on the same dates are possible, and the tax of each is right on its own.
 */
export function DuplicateStayWarning() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<{ id?: string }>();
  const [structureId, checkIn, checkOut, surname, name] = useWatchedValues(['structureId', 'checkIn', 'checkOut', 'guest.surname', 'guest.name']).map(textOf);
  // The search waits for the typing to settle (400 ms), not one request per key.
  const [surnameSettled, setSurnameSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSurnameSettled(surname?.trim() ?? ''), 400);
    return () => clearTimeout(timer);
  }, [surname]);
  const ready = !!structureId && ISO_DATE.test(checkIn ?? '') && ISO_DATE.test(checkOut ?? '') && surnameSettled.length >= 2 && !!name?.trim();
  const { data } = useGetList<TStayRow>(
    'stays',
    { filter: { structureId, checkIn, checkOut, q: surnameSettled }, pagination: { page: 1, perPage: 10 }, sort: { field: 'checkIn', order: 'ASC' } },
    { enabled: ready, staleTime: 10_000 },
  );
  const duplicates = ready ? (data ?? []).filter((stay) => stay.id !== record?.id && same(stay.guest?.surname, surname) && same(stay.guest?.name, name)) : [];
  if (duplicates.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="stay-duplicate-warning" sx={{ gridColumn: '1 / -1' }}>
      {translate('touristTax.stays.duplicateWarning', {
        smart_count: duplicates.length,
        guest: [surname, name].filter(Boolean).join(' '),
        from: formatDate(checkIn, locale),
        to: formatDate(checkOut, locale),
      })}{' '}
      {duplicates.map((stay, index) => (
        <Link key={stay.id} component={RouterLink} to={`/stays/${stay.id}`} sx={{ ml: index ? 1 : 0 }}>
          {translate('touristTax.stays.openDuplicate')}
        </Link>
      ))}
    </Alert>
  );
}
