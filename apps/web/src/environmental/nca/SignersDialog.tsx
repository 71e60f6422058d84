import { useState } from 'react';
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import { maySignReport } from '@app/domain/environmental/nca/sign-flow';
import { useCustomMutation } from '../../dataProvider/hooks';
import { errorText } from '../../components/serverErrors';
import type { TNamedRecord } from '../../components/records';

/*
 * The consortium names the signers of a phase: each a user of the consortium or of the report's agency
 * who may sign NCA phases (maySignReport) acting in a company function they hold (an administrator sets them on
 * the user; the API refuses any other). One request per user per
 * phase and round: the dialog does not offer a user twice (the API refuses it with
 * DUPLICATE_SIGNATURE anyway).
 */

type TOption = { id: string; label: string };
type TRow = { user: TOption | null; fn: TOption | null };

const userLabel = (u: { name?: string; surname?: string; email?: string }) => {
  const name = [u.name, u.surname].filter(Boolean).join(' ');
  return name ? `${name} (${u.email ?? ''})` : (u.email ?? '');
};

export function SignersDialog({ reportId, targetAgencyId, action, onClose }: { reportId: string; targetAgencyId: string | null; action: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [rows, setRows] = useState<TRow[]>([{ user: null, fn: null }]);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: users = [] } = useGetList<{ id: string; role: string; agencyId?: string | null; name?: string; surname?: string; email?: string; companyFunctionSettingIds?: string[] }>(
    'users',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'surname', order: 'ASC' } },
    { enabled: !!action },
  );
  const { data: functions = [] } = useGetList<TNamedRecord>(
    'environmental-settings',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: { settingType: 'companyFunction', isActive: true } },
    { enabled: !!action },
  );
  // The consortium's people and the report agency's staff (the API refuses anyone else).
  const userOptions: TOption[] = users.filter((u) => maySignReport(u, { targetAgencyId })).map((u) => ({ id: String(u.id), label: userLabel(u) }));
  const functionOptions: TOption[] = functions.map((f) => ({ id: String(f.id), label: f.name }));
  const functionsOf = (userId: string | undefined): TOption[] => {
    const held = users.find((u) => String(u.id) === userId)?.companyFunctionSettingIds ?? [];
    return functionOptions.filter((f) => held.includes(f.id));
  };
  // Picking a signer who holds a single function picks that function too.
  const pickUser = (index: number, user: TOption | null) => {
    const held = functionsOf(user?.id);
    update(index, { user, fn: held.length === 1 ? held[0] : null });
  };
  const chosen = new Set(rows.map((r) => r.user?.id).filter(Boolean));
  const complete = rows.length > 0 && rows.every((r) => r.user && r.fn);

  const mutation = useCustomMutation('transition', {
    onSuccess: () => {
      notify('nca.signers.requested', { type: 'success' });
      setRows([{ user: null, fn: null }]);
      refresh();
      onClose();
    },
    onError: (error) => setProblem(errorText(translate, error)),
  });

  const update = (index: number, patch: Partial<TRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Dialog open={!!action} onClose={mutation.isPending ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="signers-title">
      <DialogTitle id="signers-title">{action ? translate(`nca.actions.${action}`) : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('nca.signers.intro')}</DialogContentText>
        <Stack spacing={1.5}>
          {rows.map((row, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid={`signer-row-${index}`}>
              <Autocomplete
                options={userOptions.filter((o) => o.id === row.user?.id || !chosen.has(o.id))}
                value={row.user}
                onChange={(_event, value) => pickUser(index, value)}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => <TextField {...params} label={translate('nca.signers.user')} required />}
                sx={{ flex: 2, minWidth: 0 }}
                data-testid={`signer-user-${index}`}
              />
              <Autocomplete
                options={functionsOf(row.user?.id)}
                value={row.fn}
                onChange={(_event, value) => update(index, { fn: value })}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                noOptionsText={translate(row.user ? 'nca.signers.noFunctions' : 'nca.signers.pickUserFirst')}
                renderInput={(params) => <TextField {...params} label={translate('nca.signers.function')} required />}
                sx={{ flex: 1, minWidth: 0 }}
                data-testid={`signer-function-${index}`}
              />
              <Tooltip title={translate('nca.signers.remove')}>
                <span>
                  <IconButton aria-label={translate('nca.signers.remove')} disabled={rows.length === 1} onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                    <DeleteIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => setRows((current) => [...current, { user: null, fn: null }])} sx={{ alignSelf: 'flex-start' }} data-testid="signer-add">
            {translate('nca.signers.add')}
          </Button>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!complete || mutation.isPending}
          onClick={() => {
            if (!action) return;
            setProblem(null);
            mutation.mutate(['nca-reports', { id: reportId, action, data: { signers: rows.map((r) => ({ userId: r.user!.id, agencyFunctionSettingId: r.fn!.id })) } }]);
          }}
          data-testid="signers-submit"
        >
          {translate('nca.signers.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
