import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { DateField, SelectField, Show, SimpleShowLayout, TextField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { RecordTitle } from '../../components/forms';
import { intlLocale } from '../../i18n/format';
import { mailStatusChoices } from './MailList';

type TMail = { id: string; to: string; subject: string; text: string; secrets: 'masked' | 'kept' | null; error: string | null };

const ADDRESS = /(https?:\/\/[^\s<>"]+)/g;

/** The plain-text body with its addresses as links (the confirmation and reset links are what a reader came for). */
function MailBody() {
  const record = useRecordContext<TMail>();
  if (!record) return null;
  const parts = record.text.split(ADDRESS);
  return (
    <Typography component="div" variant="body2" data-testid="mail-body" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Link key={index} href={part} rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Typography>
  );
}

function SecretsNotice() {
  const record = useRecordContext<TMail>();
  const translate = useTranslate();
  if (!record?.secrets) return null;
  return (
    <Alert severity={record.secrets === 'kept' ? 'warning' : 'info'} data-testid="mail-secrets">
      {translate(`mailOutbox.secrets.${record.secrets}`)}
    </Alert>
  );
}

function MailError() {
  const record = useRecordContext<TMail>();
  return record?.error ? <Alert severity="error">{record.error}</Alert> : null;
}

export function MailShow() {
  const [locale] = useLocaleState();
  return (
    <Show title={<RecordTitle source="subject" />}>
      <SimpleShowLayout>
        <Stack spacing={1}>
          <SecretsNotice />
          <MailError />
        </Stack>
        <TextField source="subject" />
        <TextField source="to" />
        <DateField source="createdAt" showTime locales={intlLocale(locale)} />
        <SelectField source="status" choices={mailStatusChoices} />
        <Box sx={{ maxWidth: 900 }}>
          <MailBody />
        </Box>
      </SimpleShowLayout>
    </Show>
  );
}
