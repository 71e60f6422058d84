import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { missingPoliceFields, type TPoliceGuest, type TPoliceStay } from '@app/domain/tourist-tax/alloggiati-requirements';

function guestName(guest: TPoliceGuest | undefined): string {
  return [guest?.surname, guest?.name].filter((part) => part && String(part).trim()).join(' ');
}

/**
 * What the questura's file (Alloggiati Web) will still need of this stay's guests, from the same rule
 * the file's writer applies (missingPoliceFields). A hint, never a block: a stay entered for the tax
 * alone saves as before; the file of its arrival day names what is missing.
 */
export function PoliceReadiness() {
  const translate = useTranslate();
  const [componentsNumber, partyKind, guest, guests] = useWatch({ name: ['componentsNumber', 'partyKind', 'guest', 'guests'] }) as [
    unknown,
    unknown,
    TPoliceGuest | undefined,
    (TPoliceGuest | null)[] | undefined,
  ];
  const stay: TPoliceStay = {
    componentsNumber: typeof componentsNumber === 'number' && componentsNumber > 0 ? componentsNumber : 1,
    partyKind: partyKind === 'group' ? 'group' : 'family',
    guest: guest ?? {},
    guests: (guests ?? []).filter((g): g is TPoliceGuest => !!g),
  };
  const missing = missingPoliceFields(stay);
  const recorded = [stay.guest, ...(stay.guests ?? [])];
  if (missing.length === 0) {
    return (
      <Alert severity="success" sx={{ gridColumn: '1 / -1' }} data-testid="police-readiness">
        {translate('touristTax.policeFiles.ready')}
      </Alert>
    );
  }
  const byGuest = new Map<number, string[]>();
  for (const { guestIndex, field } of missing) byGuest.set(guestIndex, [...(byGuest.get(guestIndex) ?? []), field]);
  return (
    <Alert severity="info" sx={{ gridColumn: '1 / -1' }} data-testid="police-readiness">
      <AlertTitle>{translate('touristTax.policeFiles.missingTitle')}</AlertTitle>
      {[...byGuest.entries()].map(([index, fields]) => (
        <Box key={index} component="div">
          <strong>{translate('touristTax.policeFiles.guestN', { n: index + 1, name: guestName(recorded[index]) || '—' })}</strong>
          {': '}
          {fields[0] === 'guest' ? translate('touristTax.policeFiles.notRecorded') : fields.map((field) => translate(`touristTax.guest.${field}`)).join(', ')}
        </Box>
      ))}
      <Box component="div" sx={{ mt: 0.5 }}>
        {translate('touristTax.policeFiles.missingHelp')}
      </Box>
    </Alert>
  );
}
