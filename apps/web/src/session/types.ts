import type { TRole } from '@app/domain/platform/auth/roles';
export type { TRole };

export type TUser = {
  _id: string;
  id?: string;
  email: string;
  name?: string;
  surname?: string;
  username?: string;
  role: TRole;
  cityId?: string | null;
  agencyId?: string | null;
  laboratoryId?: string | null;
  mobilephone?: string | null;
  phone?: string | null;
  address?: string | null;
  profileImage?: string | null;
  taxCode?: string | null;
  vatNumber?: string | null;
  contactEmail?: string | null;
  fax?: string | null;
  emailPec?: string | null;
  commercialName?: string | null;
  referentTributes?: string | null;
  birthDate?: string | null;
  isConfirmed?: boolean;
  isEnabled?: boolean;
  needsPasswordChange?: boolean;
  isProfileComplete?: boolean;
  hasTemporaryPassword?: boolean;
  paymentDays?: number | null;
  /** The language of what the server writes to the user (notifications, e-mails); follows the language switch. */
  language?: 'it' | 'en';
  roleIds?: string[];
  createdAt?: string;
  updatedAt?: string;
};

export type TSession = {
  token: string;
  refreshToken?: string | null;
  user: TUser;
  /** The password typed at sign-in while the account holds a temporary one: pre-fills the change dialog. */
  temporaryPassword?: string | null;
  /** Saved once when an admin starts impersonating; restored on "back to my account". */
  realSession?: { token: string; refreshToken?: string | null; user: TUser } | null;
};
