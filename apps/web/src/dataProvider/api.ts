import type { TUser } from '../session/types';
import { apiRequest } from './httpClient';
import { updateSession } from '../session/store';

/**
 * The non-collection calls of the API contract, one function per call: the session's own calls and
 * those of the onboarding pages, which run before react-admin (and its data provider) is loaded.
 */

export type TSessionResponse = { user: TUser; token: string; refreshToken?: string };

export async function signIn(email: string, password: string, botCheckPayload?: string | null): Promise<TSessionResponse> {
  const { json } = await apiRequest<TSessionResponse>('/auth', {
    method: 'POST',
    auth: { basic: { email, password } },
    headers: botCheckPayload ? { 'x-altcha': botCheckPayload } : {},
  });
  return json;
}

export type TRegistration = { email: string; password: string; name: string; surname: string };

export async function register(data: TRegistration, botCheckPayload?: string | null): Promise<TSessionResponse> {
  const { json } = await apiRequest<TSessionResponse>('/auth/register', {
    method: 'POST',
    auth: 'none',
    body: data,
    headers: botCheckPayload ? { 'x-altcha': botCheckPayload } : {},
  });
  return json;
}

export async function requestPasswordReset(email: string, botCheckPayload: string): Promise<void> {
  await apiRequest('/auth/forgot-password', { method: 'POST', auth: 'none', body: { email }, headers: { 'x-altcha': botCheckPayload } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiRequest('/auth/reset-password', { method: 'POST', auth: 'none', body: { token, password } });
}

/** A company's invitation as its e-mailed link shows it to the invitee, who is not signed in. */
export type TCompanyInvite = { companyKind: 'agency' | 'laboratory'; businessName: string; email: string; expiresAt: string; purpose?: 'manager' | 'colleague' };

export async function fetchCompanyInvite(token: string): Promise<TCompanyInvite> {
  const { json } = await apiRequest<TCompanyInvite>(`/invites/${encodeURIComponent(token)}`, { auth: 'none' });
  return json;
}

/** Accepts the invitation with the invitee's chosen password; the invitee then signs in with the invited e-mail. */
export async function acceptCompanyInvite(token: string, password: string): Promise<void> {
  await apiRequest(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST', auth: 'none', body: { password } });
}

export async function signOutOnServer(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST' });
}

export async function fetchMe(): Promise<TUser> {
  const { json } = await apiRequest<TUser>('/users/me');
  return json;
}

export async function updateMe(patch: Partial<TUser>): Promise<TUser> {
  const { json } = await apiRequest<TUser>('/users/me', { method: 'PUT', body: patch });
  return json;
}

/**
 * The API voids every token issued before a password change and answers with a fresh session,
 * which must replace the stored one or the next request would be refused.
 */
export async function changeMyPassword(email: string, oldPassword: string, newPassword: string, botCheckPayload?: string | null): Promise<void> {
  const { json } = await apiRequest<TSessionResponse>('/users/me/password', {
    method: 'PUT',
    auth: { basic: { email, password: oldPassword } },
    headers: botCheckPayload ? { 'x-altcha': botCheckPayload } : {},
    body: { password: newPassword },
  });
  updateSession({ token: json.token, refreshToken: json.refreshToken ?? null, user: json.user });
}

export async function deleteMyAccount(): Promise<void> {
  await apiRequest('/users/me', { method: 'DELETE' });
}

export async function impersonateUser(userId: string): Promise<{ token: string; user: TUser }> {
  const { json } = await apiRequest<{ token: string; user: TUser }>(`/users/personificate/${encodeURIComponent(userId)}`);
  return json;
}

export type TInvitedUser = { email: string; name: string; surname: string; role: string; cityId?: string | null };

export async function inviteUsers(users: TInvitedUser[]): Promise<TUser[]> {
  const { json } = await apiRequest<TUser[]>('/users/bulk', { method: 'POST', body: { users } });
  return json;
}

export async function fetchTranslations(language: string): Promise<{ key: string; value: string }[]> {
  const { json } = await apiRequest<{ key: string; value: string }[]>('/translations', {
    auth: 'none',
    query: { language, platform: 'web' },
  });
  return Array.isArray(json) ? json : [];
}

export async function recordPageView(view: { pageName: string; fullPath: string; path: string }): Promise<void> {
  await apiRequest('/page-views', { method: 'POST', body: view });
}

export async function fetchLatestAppVersion(buildType: string): Promise<{ version: string; name: string } | null> {
  const { json } = await apiRequest<{ version: string; name: string } | null>(`/app-versions/last/${encodeURIComponent(buildType)}`);
  return json;
}

export type TNotification = { _id: string; createdAt: string; title: string; event?: string; body?: string; hasBeenSeen: boolean };

export async function fetchNotifications(limit: number, skip: number): Promise<TNotification[]> {
  const { json } = await apiRequest<TNotification[]>('/notifications', { query: { limit, skip } });
  return json ?? [];
}

export async function fetchUnseenNotificationCount(): Promise<number> {
  const { json } = await apiRequest<{ count: number }>('/notifications/count');
  return json?.count ?? 0;
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}`, { method: 'PUT', body: { hasBeenSeen: true } });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('/notifications/read', { method: 'PUT' });
}

export async function fetchUserRoleIds(userId: string): Promise<string[]> {
  const { json } = await apiRequest<unknown>(`/auth/roles/employee/${encodeURIComponent(userId)}`);
  if (Array.isArray(json)) return json.map((entry) => (typeof entry === 'string' ? entry : String((entry as { _id: string })._id)));
  return [];
}

export async function assignRoles(userId: string, roleIds: string[]): Promise<void> {
  await apiRequest(`/auth/role/assign/employee/${encodeURIComponent(userId)}`, { method: 'PUT', body: { roleIds } });
}

export async function removeRoles(userId: string, roleIds: string[]): Promise<void> {
  await apiRequest(`/auth/role/remove/employee/${encodeURIComponent(userId)}`, { method: 'PUT', body: { roleIds } });
}

export async function searchTenants(tab: 'hoteliers' | 'municipalities', q: string): Promise<Record<string, unknown>[]> {
  const { json } = await apiRequest<Record<string, unknown>[]>('/search', { query: { tab, q } });
  return Array.isArray(json) ? json : [];
}

export async function uploadFile(file: File, data: Record<string, unknown>): Promise<{ _id: string }> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', file);
  const { json } = await apiRequest<{ _id: string }>('/uploads', { method: 'POST', body: form });
  return json;
}
