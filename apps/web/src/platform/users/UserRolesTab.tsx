import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useGetList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { assignRoles, fetchUserRoleIds, removeRoles } from '../../dataProvider/api';
import type { TNamedRecord } from '../../components/records';
import { errorMessageOf } from '../../dataProvider/errors';

/** Assign roles to a user: the added ones are assigned, the removed ones removed. */
export function UserRolesTab() {
  const record = useRecordContext<{ id: string; roleIds?: string[] }>();
  const translate = useTranslate();
  const notify = useNotify();
  const { data: roles = [], isPending } = useGetList<TNamedRecord & { roleType?: string | null }>('roles', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const [saved, setSaved] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!record) return;
    const fallback = record.roleIds ?? [];
    fetchUserRoleIds(record.id)
      .then((ids) => {
        setSaved(ids);
        setSelected(ids);
      })
      .catch(() => {
        setSaved(fallback);
        setSelected(fallback);
      });
  }, [record]);

  if (!record) return null;
  const toggle = (id: string) => setSelected((current) => (current.includes(id) ? current.filter((value) => value !== id) : [...current, id]));

  const save = async () => {
    const added = selected.filter((id) => !saved.includes(id));
    const removed = saved.filter((id) => !selected.includes(id));
    setSaving(true);
    try {
      if (added.length) await assignRoles(record.id, added);
      if (removed.length) await removeRoles(record.id, removed);
      setSaved(selected);
      notify('users.roles.saved', { type: 'success' });
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box data-testid="user-roles">
      {!isPending && roles.length === 0 ? <Typography color="text.secondary">{translate('users.roles.none')}</Typography> : null}
      <FormGroup>
        {roles.map((role) => (
          <FormControlLabel
            key={role.id}
            control={<Checkbox checked={selected.includes(String(role.id))} onChange={() => toggle(String(role.id))} />}
            label={`${role.name}${role.roleType ? ` (${translate(`rolesScreen.roleTypes.${role.roleType}`)})` : ''}`}
          />
        ))}
      </FormGroup>
      <Button variant="contained" sx={{ mt: 2 }} onClick={save} loading={saving} disabled={roles.length === 0}>
        {translate('users.roles.save')}
      </Button>
    </Box>
  );
}
