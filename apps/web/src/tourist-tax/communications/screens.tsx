import { useEffect } from 'react';
import { Alert, Box, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SendIcon from '@mui/icons-material/Send';
import {
  AutocompleteArrayInput,
  Create,
  CreateButton,
  DataTable,
  DateField,
  FunctionField,
  List,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SaveButton,
  SearchInput,
  Show,
  SimpleForm,
  Toolbar,
  TextInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DISPLAY_TIME_ZONE, formatDateTime, intlLocale } from '../../i18n/format';
import { DetailActions, FormGrid, useSaveErrorNotification } from '../../components/forms';
import { CityInput } from '../shared/cityInputs';
import { canNow, useCan } from '../../components/permissions';
import { required } from '../../components/validators';
import { Panel } from '../../components/Panel';
import { errorText } from '../../components/serverErrors';
import { useCustomMutation, useCustomQuery } from '../../dataProvider/hooks';
import { RichTextInput, htmlToPlainText, requiredRichText } from './RichTextInput';
import { scopeOf } from '@app/domain/platform/access/access-table';
import { useSession } from '../../session/useSession';
import type { TCommunicationRecord } from '@app/domain/tourist-tax/communications';
import type { TRaRecordOf } from '../../dataProvider/query';
import { ListDataTable, ListToolbar } from '../../components/listScaffolding';
import { RecordHistoryHere } from '../../components/RecordHistory';

/*
 * Communications: the comune writes a formatted message to all its hoteliers or to chosen
 * structures; each recipient gets a notification (the bell) and an e-mail, reads it here, and the
 * comune sees who has read it.
 */

type TCommunication = TRaRecordOf<TCommunicationRecord>;

function ListActions() {
  return <ListToolbar>{useCan('communications', 'create') ? <CreateButton label="filings.communications.write" /> : null}</ListToolbar>;
}

export function CommunicationList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('filings.communications.search')} />]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<ListActions />}
      empty={false}
    >
      <ListDataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label="filings.communications.sentAt">
          <DateField source="createdAt" showTime locales={intlLocale(locale)} options={{ timeZone: DISPLAY_TIME_ZONE }} />
        </DataTable.Col>
        <DataTable.Col source="title" />
        <DataTable.Col source="text" disableSort>
          <FunctionField
            render={(record: TCommunication) => {
              const text = htmlToPlainText(record.text).replace(/\s+/g, ' ');
              return text.length > 120 ? `${text.slice(0, 120)}…` : text;
            }}
          />
        </DataTable.Col>
        {canNow('communications', 'create') ? (
          <DataTable.Col source="audience">
            <FunctionField render={(record: TCommunication) => translate(`filings.communications.audiences.${record.audience}`)} />
          </DataTable.Col>
        ) : null}
      </ListDataTable>
    </List>
  );
}

function StructurePicker() {
  const audience = useWatch<{ audience?: string }>({ name: 'audience' });
  if (audience !== 'structures') return null;
  return (
    <ReferenceArrayInput source="structureIds" reference="structures" sort={{ field: 'name', order: 'ASC' }} perPage={500}>
      <AutocompleteArrayInput optionText="name" label="resources.communications.fields.structureIds" validate={required} sx={{ maxWidth: 960 }} />
    </ReferenceArrayInput>
  );
}

export function CommunicationCreate() {
  const saveErrors = useSaveErrorNotification();
  const notify = useNotify();
  const redirect = useRedirect();
  // Says what happened (sent, to how many managers) instead of react-admin's generic "created".
  const sent = {
    ...saveErrors,
    onSuccess: (record: { id: string; recipientsCount?: number }) => {
      const count = record.recipientsCount;
      notify(count === undefined ? 'communicationsSent.sent' : 'communicationsSent.sentTo', { type: 'success', messageArgs: { smart_count: count ?? 0 } });
      redirect('edit', 'communications', record.id);
    },
  };
  const transform = (values: Record<string, unknown>) => ({
    ...values,
    structureIds: values.audience === 'structures' ? (values.structureIds ?? []) : [],
  });
  return (
    <Create mutationOptions={sent} redirect="edit" transform={transform} title="filings.communications.write">
      <SimpleForm
        noValidate
        defaultValues={{ audience: 'all', structureIds: [], text: '' }}
        toolbar={
          <Toolbar>
            <SaveButton label="filings.communications.send" icon={<SendIcon />} alwaysEnable />
          </Toolbar>
        }
      >
        <FormGrid>
          <TextInput source="title" validate={required} sx={{ gridColumn: '1 / -1' }} />
          <CityInput />
        </FormGrid>
        <RichTextInput source="text" label="resources.communications.fields.text" validate={requiredRichText} />
        <RadioButtonGroupInput
          source="audience"
          choices={[
            { id: 'all', name: 'filings.communications.audiences.all' },
            { id: 'structures', name: 'filings.communications.audiences.structures' },
          ]}
        />
        <StructurePicker />
      </SimpleForm>
    </Create>
  );
}

function RecipientsPanel({ id }: { id: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: rows, error } = useCustomQuery('communicationRecipients', [id]);
  const readCount = rows?.filter((row) => row.hasRead).length ?? 0;
  return (
    <Panel title={translate('filings.communications.recipients')}>
      {error ? <Alert severity="error">{errorText(translate, error)}</Alert> : null}
      {rows ? (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="body2" data-testid="read-summary">
              {translate('filings.communications.readSummary', { read: readCount, total: rows.length })}
            </Typography>
            <LinearProgress variant="determinate" value={rows.length ? (readCount / rows.length) * 100 : 0} sx={{ flex: 1, maxWidth: 300, height: 8, borderRadius: 4 }} aria-hidden />
          </Stack>
          <Table size="small" data-testid="recipients">
            <TableHead>
              <TableRow>
                <TableCell>{translate('filings.communications.recipient')}</TableCell>
                <TableCell>{translate('resources.users.fields.email')}</TableCell>
                <TableCell>{translate('filings.communications.readAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.userId}>
                  <TableCell>{[row.surname, row.name].filter(Boolean).join(' ') || row.commercialName || '—'}</TableCell>
                  <TableCell>{row.email}</TableCell>
                  <TableCell>
                    {row.hasRead ? (
                      <Chip size="small" color="success" variant="outlined" icon={<DoneAllIcon />} label={formatDateTime(row.readAt, locale)} />
                    ) : (
                      <Chip size="small" variant="outlined" label={translate('filings.communications.unread')} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </Panel>
  );
}

function CommunicationBody() {
  const record = useRecordContext<TCommunication>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // A recipient (a hotelier) who opens the message has read it (the comune sees when).
  const isRecipient = scopeOf(useSession()?.user.role, 'communications', 'read') === 'recipient';
  // A failed receipt is not the reader's problem: the message shows all the same.
  const { mutate: markRead } = useCustomMutation('markCommunicationRead');
  useEffect(() => {
    if (record?.id && isRecipient) markRead([record.id]);
  }, [record?.id, isRecipient, markRead]);
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Panel title={record.title}>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 2 }}>
          {translate('filings.communications.sentOn', { date: formatDateTime(record.createdAt, locale) })}
        </Typography>
        {/* The server sanitised this HTML on the way in (allowed tags only, no scripts or handlers). */}
        <Box data-testid="communication-text" sx={{ typography: 'body1', '& h3': { typography: 'h6' }, maxWidth: 800 }} dangerouslySetInnerHTML={{ __html: record.text }} />
      </Panel>
      {canNow('communications', 'listRecipients') ? <RecipientsPanel id={record.id} /> : null}
    </Stack>
  );
}

function CommunicationTitle() {
  const record = useRecordContext<TCommunication>();
  const translate = useTranslate();
  return <>{`${translate('resources.communications.name', { smart_count: 1 })}: ${record?.title ?? ''}`}</>;
}

/** communications/{id}: the message; the comune also sees who has read it. */
export function CommunicationPage() {
  return (
    <Show title={<CommunicationTitle />} actions={<DetailActions />}>
      <CommunicationBody />
      <RecordHistoryHere section labelPrefixes={['touristTax.fields']} />
    </Show>
  );
}
