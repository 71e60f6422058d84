import { useEffect, useRef, useState } from 'react';
import { Avatar, Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useNavigate } from 'react-router-dom';
import { Confirm, Form, SaveButton, Title, Toolbar, useLogout, useNotify, useTranslate } from 'react-admin';
import { errorMessageOf, fieldErrorsOf } from '../../dataProvider/errors';
import { homePath } from '../../routeAccess';
import { useAppConfig } from '../../config';
import { deleteMyAccount, fetchMe, updateMe, uploadFile } from '../../dataProvider/api';
import { updateSessionUser } from '../../session/store';
import { useSession } from '../../session/useSession';
import type { TUser } from '../../session/types';
import { PersonalFields } from '../users/UserFields';
import { avatarUrlFor } from './avatar';
import { useChangePassword } from './ChangePasswordProvider';

const EDITABLE_FIELDS = ['name', 'surname', 'mobilephone', 'phone', 'address', 'taxCode', 'vatNumber', 'contactEmail', 'emailPec', 'fax', 'commercialName', 'referentTributes', 'birthDate'] as const;

function pickEditable(values: Partial<TUser>, previous: TUser): Partial<TUser> {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = values[field] ?? null;
    if (value !== (previous[field] ?? null)) patch[field] = value;
  }
  return patch;
}

function AvatarBlock({ user }: { user: TUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { features } = useAppConfig();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, {
        linkedEntityId: user._id,
        linkedEntityType: 'users',
        additionalInfo: { name: file.name.replace(/\.[^.]+$/, ''), format: file.type, fullName: file.name, size: file.size },
        tags: ['avatar'],
      });
      const updated = await updateMe({ profileImage: `/api/uploads/${uploaded._id}/download` });
      updateSessionUser(updated);
      notify('profile.avatarUpdated', { type: 'success' });
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={avatarUrlFor(user, features.avatarService)} alt={user.email} sx={{ width: 96, height: 96 }} data-testid="profile-avatar" />
      <Box>
        <Typography variant="h6">{[user.name, user.surname].filter(Boolean).join(' ') || user.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.email} · {translate(`roles.${user.role}`)}
        </Typography>
        {features.avatarService ? (
          <>
            <input ref={input} type="file" accept="image/png,image/jpeg,image/gif" hidden onChange={(event) => event.target.files?.[0] && upload(event.target.files[0])} />
            <Button size="small" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()} loading={uploading} sx={{ mt: 1 }}>
              {translate('profile.changeAvatar')}
            </Button>
          </>
        ) : null}
      </Box>
    </Stack>
  );
}

/**
 * The signed-in user's own data. `completing` is the complete-profile page: saving also marks the
 * profile complete (which clears the password-change request too) and goes on to the home page.
 */
export function ProfileDetails({ completing = false }: { completing?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSession()?.user;
  const { openChangePassword } = useChangePassword();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    fetchMe()
      .then(updateSessionUser)
      .catch((error) => console.warn('profile not loaded', error));
  }, []);

  if (!user) return null;

  const save = async (values: Partial<TUser>) => {
    const patch = { ...pickEditable(values, user), ...(completing ? { isProfileComplete: true } : {}) };
    try {
      const updated = await updateMe(patch);
      updateSessionUser(updated);
      notify(completing ? 'profile.completed' : 'profile.saved', { type: 'success' });
      if (completing) void navigate(homePath(updated.role), { replace: true });
      return undefined;
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
      return fieldErrorsOf(error);
    }
  };

  const removeAccount = async () => {
    setDeleting(true);
    try {
      await deleteMyAccount();
      notify('profile.deleteAccount.done', { type: 'success' });
      await logout();
    } catch (error) {
      notify(errorMessageOf(error), { type: 'error' });
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 1000 }}>
      <Title title={translate(completing ? 'profile.completeTitle' : 'profile.title')} />
      <Card>
        <CardContent>
          <AvatarBlock user={user} />
          {completing ? (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {translate('profile.completeHelp')}
            </Typography>
          ) : null}
        </CardContent>
        <Divider />
        <Form record={{ ...user, id: user._id }} onSubmit={save}>
          <CardContent>
            <PersonalFields />
          </CardContent>
          <Toolbar>
            <SaveButton label={completing ? 'profile.completeSubmit' : 'ra.action.save'} alwaysEnable={completing} />
          </Toolbar>
        </Form>
      </Card>
      {completing ? null : (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {translate('profile.security')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="outlined" startIcon={<KeyIcon />} onClick={openChangePassword}>
                {translate('userMenu.changePassword')}
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setConfirmDelete(true)} data-testid="delete-account">
                {translate('profile.deleteAccount.action')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Confirm
        isOpen={confirmDelete}
        loading={deleting}
        title="profile.deleteAccount.title"
        content="profile.deleteAccount.content"
        confirm="profile.deleteAccount.confirm"
        confirmColor="warning"
        onConfirm={removeAccount}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}

export function ProfilePage() {
  return <ProfileDetails />;
}
