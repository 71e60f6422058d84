import { Box } from '@mui/material';
import { Edit, ListButton, TabbedForm, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { DetailTabbedForm, useSaveErrorNotification } from '../../components/forms';
import { getSession } from '../../session/store';
import { ImpersonateButton } from './ImpersonateButton';
import { ToggleEnabledButton } from './ToggleEnabledButton';
import { AccountFields, PersonalFields } from './UserFields';
import { UserRolesTab } from './UserRolesTab';
import { UserStructuresTab } from './UserStructuresTab';
import { canNow, useCan } from '../../components/permissions';
import { RecordHistoryHere } from '../../components/RecordHistory';

function UserTitle() {
  const record = useRecordContext<{ name?: string; surname?: string; email?: string }>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{`${translate('resources.users.name', { smart_count: 1 })}: ${[record.name, record.surname].filter(Boolean).join(' ') || record.email}`}</>;
}

function UserActions() {
  return (
    <TopToolbar>
      <ImpersonateButton />
      <ToggleEnabledButton />
      <ListButton />
    </TopToolbar>
  );
}

/** The account form; its Save/Delete are not on the structures and history tabs (lists) nor on the roles tab, which saves the roles with its own button. */
function UserForm({ isAdmin }: { isAdmin: boolean }) {
  const record = useRecordContext<{ id: string }>();
  const canUpdate = useCan('users', 'update');
  const canDelete = !!record && record.id !== getSession()?.user._id && canNow('users', 'delete');
  return (
    <DetailTabbedForm canSave={canUpdate} canDelete={canDelete} readOnlyTabs={['structures', 'roles', 'history']}>
      <TabbedForm.Tab label="users.tabs.information">
        <Box sx={{ width: '100%', maxWidth: 960 }}>
          <AccountFields />
          <PersonalFields />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="users.tabs.structures" path="structures">
        <UserStructuresTab />
      </TabbedForm.Tab>
      {isAdmin ? (
        <TabbedForm.Tab label="users.tabs.roles" path="roles">
          <UserRolesTab />
        </TabbedForm.Tab>
      ) : null}
      <TabbedForm.Tab label="history.tab" path="history">
        <RecordHistoryHere />
      </TabbedForm.Tab>
    </DetailTabbedForm>
  );
}

/** users/{userId}: the detail with tabs (information, structures, roles, history). */
export function UserEdit({ id }: { id?: string } = {}) {
  // Assigning roles is an admin tool (the API also lets permission holders do it when the system is on).
  const isAdmin = useCan('roles', 'update');
  const saveErrors = useSaveErrorNotification();
  return (
    <Edit resource="users" id={id} title={<UserTitle />} actions={<UserActions />} mutationMode="pessimistic" mutationOptions={saveErrors} redirect={false}>
      <UserForm isAdmin={isAdmin} />
    </Edit>
  );
}
