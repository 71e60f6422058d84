import { Box, Typography } from '@mui/material';
import { Create, Edit, useRecordContext, useTranslate } from 'react-admin';
import { DetailActions, DetailForm, useSaveErrorNotification } from '../../components/forms';
import { useCan } from '../../components/permissions';
import { StayFields, stayPayload, useDefaultStructureId } from './StayForm';
import { RecordHistoryHere } from '../../components/RecordHistory';

function StayTitle() {
  const record = useRecordContext<{ guest?: { name?: string; surname?: string } }>();
  const translate = useTranslate();
  const name = translate('resources.stays.name', { smart_count: 1 });
  if (!record) return <>{name}</>;
  return <>{`${name}: ${[record.guest?.surname, record.guest?.name].filter(Boolean).join(' ')}`}</>;
}

// A card clips its content (overflow hidden), which would keep the tax breakdown from sticking.
const STICKY_FRIENDLY = { '& .RaEdit-card, & .RaCreate-card': { overflow: 'visible' } };

function StayEditForm() {
  const record = useRecordContext<{ isLocked?: boolean }>();
  const canSave = useCan('stays', 'update') && !record?.isLocked;
  return (
    <DetailForm canSave={canSave} canDelete={useCan('stays', 'delete') && !record?.isLocked}>
      <StayFields readOnly={!canSave} />
    </DetailForm>
  );
}

/** stays/{stayId}: the stay detail; hoteliers edit it with the live tax breakdown until it is declared. */
export function StayEdit() {
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit mutationOptions={saveErrors} title={<StayTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect="list" transform={stayPayload} sx={STICKY_FRIENDLY}>
      <StayEditForm />
      <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
    </Edit>
  );
}

export function StayCreate() {
  const saveErrors = useSaveErrorNotification();
  const translate = useTranslate();
  const structureId = useDefaultStructureId();
  return (
    <Create mutationOptions={saveErrors} redirect="list" transform={stayPayload} sx={STICKY_FRIENDLY}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('touristTax.stays.createIntro')}
        </Typography>
      </Box>
      <DetailForm key={structureId ?? 'none'} defaultValues={{ structureId, componentsNumber: 1, paymentStatus: 'paid', hasInvoice: false, appliedExemptions: [], appliedReductions: [] }}>
        <StayFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
