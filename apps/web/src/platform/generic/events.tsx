import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  ArrayInput,
  Create,
  DataTable,
  DateField,
  Edit,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { can } from '@app/domain/platform/access/access-table';
import { EVENT_STATUSES, eventWorkflow, type TEventStatus } from '@app/domain/platform/events/event-flow';
import { DetailActions, FormGrid, RecordTitle, DetailForm, emptyToNull, useSaveErrorNotification } from '../../components/forms';
import { FilterCreateActions, ResponsiveDataTable } from '../../components/listScaffolding';
import { currentUserId, useCanHere } from '../../components/permissions';
import { required } from '../../components/validators';
import { intlLocale } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { TextAddButton } from '../../components/TextAddButton';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Events: a hotelier proposes one (waiting for confirmation), an administrator confirms it; either
 * may cancel it (the hotelier only their own); an administrator may put it back to be confirmed. The
 * domain's event workflow says which, for the buttons here and for the API.
 */

type TEvent = { id: string; name: string; status: TEventStatus; createdById: string | null; galleryImages: string[]; updatedAt: string };

export const eventStatusChoices = EVENT_STATUSES.map((id) => ({ id, name: `admin.events.statuses.${id}` }));

const STATUS_COLOR = { waitingConfirmation: 'warning', confirmed: 'success', canceled: 'default' } as const;

export function EventStatusChip() {
  const record = useRecordContext<TEvent>();
  const translate = useTranslate();
  if (!record) return null;
  // Outlined: the contrast of a coloured text on white holds for every status (filled orange did not).
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[record.status]} label={translate(`admin.events.statuses.${record.status}`)} data-testid="event-status" />;
}

export function EventList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.search')} />, <SelectInput key="status" source="status" choices={eventStatusChoices} alwaysOn />];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} actions={<FilterCreateActions />}>
      <ResponsiveDataTable bulkActionButtons={false} phone={{ primaryText: (r) => String(r.name ?? ''), secondaryText: () => <EventStatusChip /> }}>
        <DataTable.Col source="name" />
        <DataTable.Col source="categoryId">
          <ReferenceField source="categoryId" reference="categories" link={false} emptyText="-">
            <TextField source="name" />
          </ReferenceField>
        </DataTable.Col>
        <DataTable.Col source="status">
          <EventStatusChip />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales={intlLocale(locale)} />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}

/** Confirm (administrators) and cancel (administrators, or the hotelier who proposed it), from the states where they apply. */
function EventStatusActions() {
  const record = useRecordContext<TEvent>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const role = useSession()?.user.role;
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  // The workflow says which step the role may take from this status; the row scope keeps a hotelier to their own events.
  const offered = role && (can(role, 'events', 'confirm') || record.createdById === currentUserId()) ? eventWorkflow.availableActions(record.status, {}, { role }) : [];
  const mayConfirm = offered.includes('confirm');
  const mayCancel = offered.includes('cancel');
  const move = (status: TEvent['status']) =>
    update(
      'events',
      { id: record.id, data: { status, updatedAt: record.updatedAt }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`admin.events.moved.${status}`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(error.message || 'genericError', { type: 'error' }),
      },
    );
  if (!mayConfirm && !mayCancel) return null;
  return (
    <Stack direction="row" spacing={1}>
      {mayConfirm ? (
        <Button size="small" variant="contained" startIcon={<CheckIcon />} loading={isPending} onClick={() => move('confirmed')} data-testid="event-confirm">
          {translate('admin.events.confirm')}
        </Button>
      ) : null}
      {mayCancel ? (
        <Button size="small" color="error" startIcon={<CloseIcon />} loading={isPending} onClick={() => move('canceled')} data-testid="event-cancel">
          {translate('admin.events.cancel')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The gallery's images, as the addresses saved (images from other sites may be blocked by the browser's content policy). */
function GalleryPreview() {
  const record = useRecordContext<TEvent>();
  const translate = useTranslate();
  if (!record || record.galleryImages.length === 0) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('admin.events.gallery')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
        {record.galleryImages.map((src) => (
          <Box key={src} component="a" href={src} target="_blank" rel="noopener noreferrer" sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
            <Box component="img" src={src} alt={translate('admin.events.galleryImage', { name: record.name })} sx={{ width: '100%', height: 100, objectFit: 'cover', display: 'block' }} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function EventFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="name" validate={required} readOnly={readOnly} />
      <ReferenceInput source="categoryId" reference="categories" filter={{ entityType: 'event' }} sort={{ field: 'order', order: 'ASC' }}>
        <SelectInput optionText="name" parse={emptyToNull} readOnly={readOnly} />
      </ReferenceInput>
      <TextInput source="description" multiline minRows={3} parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ArrayInput source="galleryImages" label="admin.events.gallery">
          <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering disableAdd={readOnly} disableRemove={readOnly}>
            <TextInput source="" label="admin.events.imageAddress" type="url" validate={required} sx={{ minWidth: { sm: 420 } }} />
          </SimpleFormIterator>
        </ArrayInput>
      </Box>
    </FormGrid>
  );
}

export function EventEdit() {
  const canSave = useCanHere('update');
  return (
    <Edit mutationOptions={useSaveErrorNotification()} title={<RecordTitle />} actions={<DetailActions />} mutationMode="pessimistic" redirect={false}>
      <DetailForm canSave={canSave} canDelete={useCanHere('delete')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
          <EventStatusChip />
          <EventStatusActions />
        </Stack>
        <EventFields readOnly={!canSave} />
        <GalleryPreview />
      </DetailForm>
      <RecordHistoryHere section />
    </Edit>
  );
}

export function EventCreate() {
  return (
    <Create mutationOptions={useSaveErrorNotification()} redirect="edit">
      <DetailForm defaultValues={{ galleryImages: [] }}>
        <EventFields readOnly={false} />
      </DetailForm>
    </Create>
  );
}
