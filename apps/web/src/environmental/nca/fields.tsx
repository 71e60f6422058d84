import { Chip } from '@mui/material';
import { useEffect } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { NCA_ORIGINS, NCA_REPORT_STATUSES, PHASE1_REQUIRED_FIELDS, type TNcaReportStatus } from '@app/domain/environmental/nca/index';
import { emptyToNull, FormGrid } from '../../components/forms';
import { required } from '../../components/validators';
import { useCan } from '../../components/permissions';
import { useWatchedText } from '../../components/watchedValues';

/* The NCA report's status chip and its phase-1 fields (the registry of the finding), shared by create and the report page. */

const STATUS_COLOR: Record<TNcaReportStatus, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary' | 'secondary'> = {
  pending: 'default',
  waiting_phase1_signs: 'info',
  open: 'warning',
  waiting_validations: 'secondary',
  waiting_phase2_signs: 'info',
  waiting_operations: 'primary',
  waiting_signs: 'info',
  closed: 'success',
};

export const NCA_STATUS_CHOICES = NCA_REPORT_STATUSES.map((status) => ({ id: status, name: `nca.status.${status}` }));
export const NCA_ORIGIN_CHOICES = NCA_ORIGINS.map((origin) => ({ id: origin, name: `nca.origin.${origin}` }));

export function NcaStatusChip({ status }: { status: TNcaReportStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`nca.status.${status}`)} data-testid="nca-status" />;
}

const isRequired = (field: string) => (PHASE1_REQUIRED_FIELDS as readonly string[]).includes(field);
const userName = (u: { name?: string; surname?: string; email?: string }) => [u.name, u.surname].filter(Boolean).join(' ') || u.email || '';

/** The target agency is one of the order's agencies: the picker offers only those. */
function TargetAgencyInput({ readOnly }: { readOnly: boolean }) {
  const orderId = useWatchedText('orderId');
  const { data: order } = useGetOne<{ id: string; agencyIds: string[]; lotId: string }>('orders', { id: orderId ?? '' }, { enabled: !!orderId });
  const agencyIds = order?.agencyIds ?? [];
  return (
    <ReferenceInput source="targetAgencyId" reference="agencies" filter={agencyIds.length ? { '_id[in]': agencyIds.join(',') } : {}} sort={{ field: 'businessName', order: 'ASC' }}>
      <AutocompleteInput optionText="businessName" validate={required} readOnly={readOnly || !orderId} helperText={orderId ? false : 'nca.help.pickOrderFirst'} />
    </ReferenceInput>
  );
}

/** A supplier does not read the lots: the report's lot is its order's, set when the order is picked. */
function LotOfOrder({ readOnly }: { readOnly: boolean }) {
  const orderId = useWatchedText('orderId');
  const { data: order } = useGetOne<{ id: string; agencyIds: string[]; lotId: string }>('orders', { id: orderId ?? '' }, { enabled: !!orderId && !readOnly });
  const { setValue } = useFormContext();
  const lotId = order?.lotId;
  useEffect(() => {
    if (lotId) setValue('lotId', lotId, { shouldDirty: true });
  }, [lotId, setValue]);
  return null;
}

function OrderInput({ readOnly }: { readOnly: boolean }) {
  const lotId = useWatchedText('lotId');
  return (
    <ReferenceInput source="orderId" reference="orders" filter={lotId ? { lotId } : {}} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" validate={required} readOnly={readOnly} />
    </ReferenceInput>
  );
}

function SettingInput({ source, settingType, readOnly }: { source: string; settingType: string; readOnly: boolean }) {
  return (
    // Severity levels in their order of gravity, the other settings by name.
    <ReferenceInput
      source={source}
      reference="environmental-settings"
      filter={{ settingType, isActive: true }}
      sort={settingType === 'severityLevel' ? { field: 'severityRank', order: 'ASC' } : { field: 'name', order: 'ASC' }}
    >
      <AutocompleteInput optionText="name" parse={emptyToNull} validate={isRequired(source) ? required : undefined} readOnly={readOnly} />
    </ReferenceInput>
  );
}

/** Phase 1: what was found, where, how serious. Frozen once the report leaves `pending` (the signatures cover it). */
export function Phase1Fields({ readOnly }: { readOnly: boolean }) {
  const record = useRecordContext();
  // A supplier agency (it reads no lots) reports for its own orders, and its agency is the detector.
  const supplier = !useCan('lots', 'list');
  return (
    <FormGrid>
      {record?.code ? <TextInput source="code" readOnly /> : null}
      {supplier ? (
        <LotOfOrder readOnly={readOnly} />
      ) : (
        <ReferenceInput source="lotId" reference="lots" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput optionText="name" validate={required} readOnly={readOnly} />
        </ReferenceInput>
      )}
      <OrderInput readOnly={readOnly} />
      <TargetAgencyInput readOnly={readOnly} />
      <ReferenceInput source="announcementId" reference="orders" filter={{ orderType: 'announcement' }} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <TextInput source="wbs" parse={emptyToNull} readOnly={readOnly} />
      <SettingInput source="ambientSettingId" settingType="environmentalAspectType" readOnly={readOnly} />
      <SettingInput source="warningLevelSettingId" settingType="severityLevel" readOnly={readOnly} />
      <SettingInput source="systemSettingId" settingType="ncaType" readOnly={readOnly} />
      <SelectInput source="origin" choices={NCA_ORIGIN_CHOICES} validate={required} readOnly={readOnly} />
      <ReferenceArrayInput source="documentSettingIds" reference="environmental-settings" filter={{ settingType: 'referenceDocument', isActive: true }} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteArrayInput optionText="name" readOnly={readOnly} />
      </ReferenceArrayInput>
      <TextInput source="detectorName" parse={emptyToNull} readOnly={readOnly} />
      <ReferenceInput source="detectedByAgencyId" reference="agencies" sort={{ field: 'businessName', order: 'ASC' }}>
        <AutocompleteInput optionText="businessName" parse={emptyToNull} readOnly={readOnly || supplier} helperText={supplier ? 'nca.supplierCreate.detector' : undefined} />
      </ReferenceInput>
      <TextInput source="twentyOneDigitsCode" parse={emptyToNull} readOnly={readOnly} helperText="nca.help.twentyOneDigitsCode" />
      <TextInput source="description" parse={emptyToNull} validate={required} multiline minRows={4} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

/** Observers: they follow the report (notifications) until it closes. */
export function ObserversInput({ readOnly }: { readOnly: boolean }) {
  return (
    <ReferenceArrayInput source="observerUsersIds" reference="users" sort={{ field: 'surname', order: 'ASC' }}>
      <AutocompleteArrayInput optionText={userName} readOnly={readOnly} />
    </ReferenceArrayInput>
  );
}
