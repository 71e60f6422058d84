import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { roleOpensList, SAVED_VIEW_LIMITS, shareableRoles } from '@app/domain/platform/saved-views/saved-views';
import type { TRole } from '@app/domain/platform/auth/roles';
import { errorText } from '../../components/serverErrors';
import { useSession } from '../../session/useSession';

/** Saves the list's current parameters as a view: its name, who sees it (only me, or a role), and whether it opens the list. */
export function SaveViewDialog({ resource, params, onClose }: { resource: string; params: Record<string, unknown>; onClose: (saved: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = useSession()?.user;
  const [create, { isPending }] = useCreate();
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<'private' | TRole>('private');
  const [isDefault, setIsDefault] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const roles = user
    ? shareableRoles({ role: user.role, cityId: user.cityId ?? null, agencyId: user.agencyId ?? null, laboratoryId: user.laboratoryId ?? null }).filter((role) => roleOpensList(role, resource))
    : [];

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(translate('ra.validation.required'));
      return;
    }
    const data = { name: trimmed, resource, params, isDefault, ...(audience === 'private' ? { visibility: 'private' } : { visibility: 'role', role: audience }) };
    void create(
      'saved-views',
      { data },
      {
        onSuccess: () => {
          notify('savedViews.saved', { type: 'info', messageArgs: { name: trimmed } });
          onClose(true);
        },
        onError: (error: unknown) => notify(errorText(translate, error), { type: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xs" aria-labelledby="save-view-title">
      <DialogTitle id="save-view-title">{translate('savedViews.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('savedViews.dialogHelp')}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          required
          margin="dense"
          label={translate('savedViews.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          error={nameError !== null}
          helperText={nameError ?? undefined}
          slotProps={{ htmlInput: { maxLength: SAVED_VIEW_LIMITS.name, 'data-testid': 'saved-view-name' } }}
        />
        {roles.length > 0 ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={translate('savedViews.visibility')}
            value={audience}
            onChange={(event) => setAudience(roles.find((role) => role === event.target.value) ?? 'private')}
          >
            <MenuItem value="private">{translate('savedViews.private')}</MenuItem>
            {roles.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(role === user?.role ? 'savedViews.withOwnRole' : 'savedViews.withRole', { role: translate(`roles.${role}`) })}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('savedViews.noShare')}
          </Typography>
        )}
        <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />} label={translate('savedViews.defaultForMe')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('savedViews.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={isPending} data-testid="saved-view-confirm">
          {translate('savedViews.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
