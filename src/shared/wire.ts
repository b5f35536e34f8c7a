import type { Locale, Role, UserStatus } from './constants';

/** Shapes of API responses, camelCase as the SPA reads them after key conversion. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  role: Role;
  status: UserStatus;
  locale: Locale;
  confirmedAt: string | null;
  disabledAt: string | null;
  archivable: boolean;
  lockVersion: number;
}

export interface Account extends User {
  address: string | null;
  city: string | null;
  postalCode: string | null;
  phone: string | null;
  mobile: string | null;
}

export interface ListMeta {
  totalPages: number;
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  detail?: Record<string, string[]>;
}

/** `GET /users/options`: an active user as the overseeing-user picker shows them (issue 12.2). */
export interface UserOption {
  id: string;
  fullName: string;
}
