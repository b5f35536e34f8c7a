import type { z } from 'zod';
import type {
  accountAnswerSchema,
  userAnswerSchema,
  userListItemSchema,
  userOptionSchema,
} from './schemas/users-answers';

/** Shapes of API responses, camelCase as the SPA reads them after key conversion. */
export type User = z.infer<typeof userAnswerSchema>;
export type Account = z.infer<typeof accountAnswerSchema>;
/** A row of `GET /users` (administrators). */
export type UserListItem = z.infer<typeof userListItemSchema>;

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

/** `GET /users/options`: an active user as the overseeing-user picker shows them. */
export type UserOption = z.infer<typeof userOptionSchema>;
