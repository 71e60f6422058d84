import { Alert, Box } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectField, SelectInput, useLocaleState, useTranslate } from 'react-admin';
import { FilterCreateActions, ResponsiveDataTable } from '../../components/listScaffolding';
import { useReachesAllHere } from '../../components/permissions';
import { formatDateTime, intlLocale } from '../../i18n/format';

/** queued and sent with SMTP; logged without (the outbox is the delivery); failed when SMTP refused it. */
export const MAIL_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;
export const mailStatusChoices = MAIL_STATUSES.map((id) => ({ id, name: `mailOutbox.statuses.${id}` }));

/**
 * "Posta inviata": without SMTP (demo mode) this list is where a signer reads the one-time code and
 * a new user the confirmation link; with SMTP, secrets show masked and the list is a record of what
 * was sent.
 */
export function MailList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const everyone = useReachesAllHere('list');
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('admin.search')} />, <SelectInput key="status" source="status" choices={mailStatusChoices} />];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} actions={<FilterCreateActions />}>
      <Box sx={{ px: 2, pt: 1 }}>
        <Alert severity="info" data-testid="mail-outbox-intro">
          {translate(everyone ? 'mailOutbox.introAll' : 'mailOutbox.introOwn')}
        </Alert>
      </Box>
      <ResponsiveDataTable
        rowClick="show"
        bulkActionButtons={false}
        phone={{
          primaryText: (record) => String(record.subject ?? ''),
          secondaryText: (record) => (typeof record.createdAt === 'string' ? formatDateTime(record.createdAt, locale) : ''),
          tertiaryText: (record) => (everyone ? String(record.to ?? '') : ''),
        }}
      >
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales={intlLocale(locale)} />
        </DataTable.Col>
        {everyone ? <DataTable.Col source="to" /> : null}
        <DataTable.Col source="subject" />
        <DataTable.Col source="status">
          <SelectField source="status" choices={mailStatusChoices} />
        </DataTable.Col>
      </ResponsiveDataTable>
    </List>
  );
}
