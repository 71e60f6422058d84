import { Box, Checkbox, FormControlLabel, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList, useInput, useTranslate } from 'react-admin';
import { groupPermissions, OPERATION_ORDER, type TPermissionEntity, type TPermissionRow } from './permissionGroups';

/**
 * permissionIds picked on one compact table per business area: a row per entity (translated), a
 * column per collection operation in a fixed order, the entity's other actions beside them.
 */
export function PermissionPicker({ source = 'permissionIds' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const { data = [], isPending } = useGetList<TPermissionRow>('permissions', { pagination: { page: 1, perPage: 500 }, sort: { field: 'key', order: 'ASC' } });
  const selected: string[] = Array.isArray(field.value) ? field.value.map(String) : [];
  const groups = groupPermissions(data.map((p) => ({ id: String(p.id), areaName: p.areaName, name: p.name })));
  const entityName = (entity: string) => translate(`rolesScreen.entities.${entity}`, { _: translate(`rolesScreen.areas.${entity}`, { _: entity }) });
  const actionName = (name: string) => translate(`rolesScreen.actions.${name}`, { _: translate(`rolesScreen.permissionNames.${name}`, { _: name }) });
  const toggle = (id: string) => field.onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);
  const idsOf = (entry: TPermissionEntity) => [...entry.operations.filter((p): p is TPermissionRow => p !== null), ...entry.others].map((p) => p.id);
  const setAll = (ids: string[], on: boolean) => field.onChange(on ? Array.from(new Set([...selected, ...ids])) : selected.filter((id) => !ids.includes(id)));

  return (
    <Box sx={{ width: '100%' }} data-testid="permission-picker">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('resources.roles.fields.permissionIds')}
      </Typography>
      {!isPending && data.length === 0 ? <Typography color="text.secondary">{translate('rolesScreen.noPermissions')}</Typography> : null}
      {groups.map((group) => (
        <Box key={group.area} sx={{ mb: 2 }} data-testid={`permission-area-${group.area}`}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {translate(`rolesScreen.businessAreas.${group.area}`)}
          </Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
            <Table size="small" sx={{ '& td, & th': { py: 0, px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('rolesScreen.entity')}</TableCell>
                  {OPERATION_ORDER.map((operation) => (
                    <TableCell key={operation} align="center">
                      {translate(`rolesScreen.operations.${operation}`)}
                    </TableCell>
                  ))}
                  <TableCell>{translate('rolesScreen.otherActions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {group.entities.map((entry) => {
                  const ids = idsOf(entry);
                  const all = ids.every((id) => selected.includes(id));
                  const some = ids.some((id) => selected.includes(id));
                  const name = entityName(entry.entity);
                  return (
                    <TableRow key={entry.entity} hover>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        <FormControlLabel control={<Checkbox size="small" checked={all} indeterminate={some && !all} onChange={(event) => setAll(ids, event.target.checked)} />} label={name} />
                      </TableCell>
                      {entry.operations.map((permission, column) => (
                        <TableCell key={OPERATION_ORDER[column]} align="center">
                          {permission ? (
                            <Checkbox
                              size="small"
                              checked={selected.includes(permission.id)}
                              onChange={() => toggle(permission.id)}
                              slotProps={{ input: { 'aria-label': `${name}: ${translate(`rolesScreen.operations.${OPERATION_ORDER[column]}`)}` } }}
                            />
                          ) : null}
                        </TableCell>
                      ))}
                      <TableCell>
                        {entry.others.map((permission) => (
                          <FormControlLabel
                            key={permission.id}
                            sx={{ mr: 2, whiteSpace: 'nowrap' }}
                            control={<Checkbox size="small" checked={selected.includes(permission.id)} onChange={() => toggle(permission.id)} />}
                            label={actionName(permission.name)}
                          />
                        ))}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ))}
    </Box>
  );
}
