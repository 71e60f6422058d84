import { Card, CardContent, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import {
  ArrayInput,
  Form,
  ResourceContextProvider,
  FormDataConsumer,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  Toolbar,
  email,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { fieldErrorsOf } from '../../dataProvider/errors';
import { inviteUsers, type TInvitedUser } from '../../dataProvider/api';
import { getSession } from '../../session/store';
import { roleChoices } from './roleChoices';
import { scopeOf } from '@app/domain/platform/access/access-table';
import { TextAddButton } from '../../components/TextAddButton';

type TInviteForm = { users: TInvitedUser[] };

/**
 * invite-users: several users in one all-or-nothing request. A refused row shows its own error
 * next to the field the API names (details path users.<row>.<field>).
 */
export function InviteUsersPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  // Who may invite only within its own comune gets that comune preset.
  const isCity = scopeOf(getSession()?.user.role, 'users', 'invite') === 'ownCity';
  const defaultRow: Partial<TInvitedUser> = { role: 'user', ...(isCity ? { cityId: getSession()?.user.cityId ?? null } : {}) };

  const submit = async (values: Partial<TInviteForm>) => {
    const users = (values.users ?? []).map((user) => ({
      email: user.email?.trim(),
      name: user.name?.trim(),
      surname: user.surname?.trim(),
      role: user.role,
      ...(user.cityId ? { cityId: user.cityId } : {}),
    })) as TInvitedUser[];
    try {
      const created = await inviteUsers(users);
      notify('users.invite.success', { type: 'success', messageArgs: { smart_count: created.length } });
      void navigate('/users');
      return undefined;
    } catch (error) {
      notify('users.invite.error', { type: 'error' });
      return fieldErrorsOf(error);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('users.invite.title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('users.invite.help')}
        </Typography>
        <ResourceContextProvider value="users">
          <Form onSubmit={submit} defaultValues={{ users: [defaultRow] }}>
            <ArrayInput source="users" label="users.invite.rows">
              <SimpleFormIterator addButton={<TextAddButton />} inline disableReordering>
                <TextInput source="email" label="resources.users.fields.email" validate={[required(), email()]} />
                <TextInput source="name" label="resources.users.fields.name" validate={required()} />
                <TextInput source="surname" label="resources.users.fields.surname" validate={required()} />
                <SelectInput source="role" label="resources.users.fields.role" choices={roleChoices} validate={required()} defaultValue="user" />
                <FormDataConsumer>
                  {({ scopedFormData }) =>
                    // A rule about a field: a comune's staff and its hoteliers' accounts name their comune.
                    !isCity && (scopedFormData?.role === 'city' || scopedFormData?.role === 'user') ? (
                      <ReferenceInput source="cityId" reference="cities">
                        <SelectInput optionText="name" label="resources.users.fields.cityId" />
                      </ReferenceInput>
                    ) : null
                  }
                </FormDataConsumer>
              </SimpleFormIterator>
            </ArrayInput>
            <Toolbar>
              <SaveButton label="users.invite.submit" alwaysEnable />
            </Toolbar>
          </Form>
        </ResourceContextProvider>
      </CardContent>
    </Card>
  );
}
