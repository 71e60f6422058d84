import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';

type TPermission = { id: string; areaName: string; name: string; key?: string };

/** permissionIds picked by permission area (nca, agencies, lots, roles, ...). */
export function PermissionPicker({ source = 'permissionIds' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const { data = [], isPending } = useGetList<TPermission>('permissions', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'areaName', order: 'ASC' },
  });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  const areas = new Map<string, TPermission[]>();
  for (const permission of data) {
    const list = areas.get(permission.areaName) ?? [];
    list.push(permission);
    areas.set(permission.areaName, list);
  }
  const toggle = (id: string) => field.onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);
  const toggleArea = (permissions: TPermission[], on: boolean) => {
    const ids = permissions.map((permission) => String(permission.id));
    field.onChange(on ? Array.from(new Set([...selected, ...ids])) : selected.filter((id) => !ids.includes(id)));
  };

  return (
    <Box sx={{ width: '100%' }} data-testid="permission-picker">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate('resources.roles.fields.permissionIds')}
      </Typography>
      {!isPending && data.length === 0 ? <Typography color="text.secondary">{translate('rolesScreen.noPermissions')}</Typography> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {Array.from(areas.entries()).map(([area, permissions]) => {
          const all = permissions.every((permission) => selected.includes(String(permission.id)));
          const some = permissions.some((permission) => selected.includes(String(permission.id)));
          return (
            <Box key={area} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <FormControlLabel
                control={<Checkbox checked={all} indeterminate={some && !all} onChange={(event) => toggleArea(permissions, event.target.checked)} />}
                label={<Typography sx={{ fontWeight: 600 }}>{translate(`rolesScreen.areas.${area}`, { _: area })}</Typography>}
              />
              <FormGroup sx={{ pl: 3 }}>
                {permissions.map((permission) => (
                  <FormControlLabel
                    key={permission.id}
                    control={<Checkbox size="small" checked={selected.includes(String(permission.id))} onChange={() => toggle(String(permission.id))} />}
                    label={translate(`rolesScreen.permissionNames.${permission.name}`, { _: permission.name })}
                  />
                ))}
              </FormGroup>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
