import { useEffect, useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { ArrayInput, SimpleFormIterator, TextInput, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { COMPANY_PATH, type TCompanyInvitationAction, type TCompanyKind } from '../../dataProvider/environmental';
import { useCustomMutation, useCustomQuery, useInvalidateCustom } from '../../dataProvider/hooks';
import { useCan } from '../../components/permissions';
import { emptyToNull, FormGrid } from '../../components/forms';
import { required } from '../../components/validators';
import { TextAddButton } from '../../components/TextAddButton';
import { fieldErrorsOf } from '../../dataProvider/errors';
import { ownValue, textOf } from '@app/domain/platform/records/keys';

/*
 * Pieces shared by the agency and laboratory screens: registry fields, the invitation status and
 * its buttons, the company's users (with the colleague invitation) and the contacts editor.
 */

const STATUS_COLOR = { to_invite: 'default', invited: 'warning', accepted: 'success' } as const;

export function InviteStatusChip({ status }: { status?: string }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={ownValue(STATUS_COLOR, status) ?? 'default'} label={translate(`environmental.inviteStatus.${status}`)} data-testid="invite-status" />;
}

export function InviteStatusField() {
  const record = useRecordContext();
  return <InviteStatusChip status={textOf(record?.inviteStatus)} />;
}

export function CompanyFields({ readOnly }: { readOnly: boolean }) {
  return (
    <FormGrid>
      <TextInput source="businessName" validate={required} readOnly={readOnly} />
      <TextInput source="vatNumber" validate={required} readOnly={readOnly} />
      <TextInput source="managerEmail" type="email" validate={required} readOnly={readOnly} helperText="environmental.help.managerEmail" />
      <TextInput source="phone" parse={emptyToNull} readOnly={readOnly} />
      <TextInput source="address" parse={emptyToNull} readOnly={readOnly} sx={{ gridColumn: '1 / -1' }} />
    </FormGrid>
  );
}

export function ContactsInput({ readOnly }: { readOnly: boolean }) {
  return (
    <ArrayInput source="contacts">
      <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering disableAdd={readOnly} disableRemove={readOnly}>
        <TextInput source="name" label="environmental.contact.name" validate={required} readOnly={readOnly} />
        <TextInput source="role" label="environmental.contact.role" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="email" label="environmental.contact.email" parse={emptyToNull} readOnly={readOnly} />
        <TextInput source="phone" label="environmental.contact.phone" parse={emptyToNull} readOnly={readOnly} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** Invite / resend / revoke, as the invitation status and the role allow. */
export function InviteButtons({ kind }: { kind: TCompanyKind }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const invitation = useCustomMutation('companyInvitation', {
    onSuccess: (_answer, [, , action]) => {
      notify(`environmental.invite.done.${action}`, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(error.message || 'genericError', { type: 'error' }),
  });
  const allowed = useCan(COMPANY_PATH[kind], 'invite');
  if (!record || !allowed) return null;
  const actions: TCompanyInvitationAction[] = record.inviteStatus === 'to_invite' ? ['invite'] : record.inviteStatus === 'invited' ? ['resend', 'revoke'] : [];
  const run = (action: TCompanyInvitationAction) => invitation.mutate([kind, String(record.id), action]);
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          disabled={invitation.isPending}
          startIcon={action === 'revoke' ? undefined : <SendIcon />}
          color={action === 'revoke' ? 'error' : 'primary'}
          onClick={() => run(action)}
          data-testid={`invite-${action}`}
        >
          {translate(`environmental.invite.${action}`)}
        </Button>
      ))}
    </>
  );
}

/** The company's accounts, and (for who may) the invitation of a colleague. */
export function CompanyUsers({ kind }: { kind: TCompanyKind }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const invalidateCustom = useInvalidateCustom();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ email: '', name: '', surname: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canInvite = useCan(COMPANY_PATH[kind], 'inviteUsers') && record?.inviteStatus === 'accepted';
  // A failed read shows the list as empty, as the tab did before it had an error state.
  const { data: users, isError } = useCustomQuery('companyUsers', [kind, String(record?.id ?? '')], { enabled: !!record?.id, retry: false });
  const inviting = useCustomMutation('inviteCompanyColleague', {
    onSuccess: () => {
      notify('environmental.users.invited', { type: 'success' });
      setOpen(false);
      setForm({ email: '', name: '', surname: '' });
      setErrors({});
      void invalidateCustom('companyUsers');
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error) ?? {});
      notify(error.message || 'genericError', { type: 'error' });
    },
  });
  if (!record) return null;
  const submit = () => inviting.mutate([kind, String(record.id), form]);
  const shown = isError ? [] : users;
  return (
    <Box sx={{ width: '100%' }} data-testid="company-users">
      {canInvite ? (
        <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ mb: 1 }} data-testid="invite-colleague">
          {translate('environmental.users.inviteColleague')}
        </Button>
      ) : null}
      {shown && shown.length === 0 ? <Typography color="text.secondary">{translate('environmental.users.none')}</Typography> : null}
      {shown && shown.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('environmental.users.email')}</TableCell>
                <TableCell>{translate('environmental.users.name')}</TableCell>
                <TableCell>{translate('environmental.users.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((u) => (
                <TableRow key={u._id}>
                  <TableCell>{u.email}</TableCell>
                  <TableCell>{[u.name, u.surname].filter(Boolean).join(' ') || '—'}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      {u.isManager ? <Chip size="small" label={translate('environmental.users.manager')} /> : null}
                      <Chip size="small" color={u.isConfirmed ? 'success' : 'warning'} label={translate(u.isConfirmed ? 'environmental.users.accepted' : 'environmental.users.invitedOnly')} />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('environmental.users.inviteColleague')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {(['email', 'name', 'surname'] as const).map((field) => (
              <TextField
                key={field}
                label={translate(`environmental.users.${field}`)}
                value={form[field]}
                onChange={(e) => setForm({ ...form, [field]: e.target.value })}
                error={!!errors[field]}
                helperText={errors[field] ? translate(errors[field], { _: errors[field] }) : undefined}
                slotProps={{ htmlInput: { 'data-testid': `colleague-${field}` } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={inviting.isPending} data-testid="colleague-submit">
            {translate('environmental.users.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A supplier edits only its contacts: a small form of its own, saved through the contacts route. */
export function OwnContactsEditor({ kind }: { kind: TCompanyKind }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const saving = useCustomMutation('updateCompanyContacts', {
    onSuccess: () => {
      notify('environmental.contacts.saved', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(error.message || 'genericError', { type: 'error' }),
  });
  type TContactRow = { name: string; role?: string | null; email?: string | null; phone?: string | null };
  const [rows, setRows] = useState<TContactRow[]>([]);
  useEffect(() => setRows(((record?.contacts as TContactRow[]) ?? []).map((c) => ({ ...c }))), [record?.contacts]);
  if (!record) return null;
  const save = () => {
    const clean = rows.map((r) => ({ name: r.name, role: r.role || null, email: r.email || null, phone: r.phone || null }));
    saving.mutate([kind, String(record.id), clean]);
  };
  return (
    <Box sx={{ width: '100%' }} data-testid="own-contacts">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {translate('environmental.contacts.title')}
      </Typography>
      <Stack spacing={1}>
        {rows.map((row, index) => (
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {(['name', 'role', 'email', 'phone'] as const).map((field) => (
              <TextField
                key={field}
                size="small"
                label={translate(`environmental.contact.${field}`)}
                value={row[field] ?? ''}
                onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, [field]: e.target.value } : r)))}
              />
            ))}
            <Button size="small" color="error" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
              {translate('ra.action.remove')}
            </Button>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={() => setRows([...rows, { name: '' }])}>
          {translate('ra.action.add')}
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={saving.isPending} data-testid="contacts-save">
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
