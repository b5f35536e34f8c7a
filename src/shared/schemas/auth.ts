import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { email, locale, optionalText, passwordPresent, requiredText } from './common';
import { V } from './messages';

/** docs/SPEC.md §5 Login. */
export const signInSchema = z.object({
  email: email(),
  password: passwordPresent(),
});
export type SignInInput = z.input<typeof signInSchema>;

/** docs/SPEC.md §5 My account; address fields travel with the record but are not shown (docs/SPEC.md §2). */
export const accountSchema = z.object({
  locale: locale(),
  email: email(),
  firstName: requiredText(),
  lastName: requiredText(),
  address: optionalText(200),
  city: optionalText(),
  postalCode: optionalText(20),
  phone: optionalText(30),
  mobile: optionalText(30),
  /** Needed only when the email changes (ADR 0014); the server checks it then, ignores it otherwise. */
  currentPassword: z.string({ error: V.invalid }).max(PASSWORD_MAX_LENGTH, { error: V.invalid }).optional(),
});
export type AccountInput = z.input<typeof accountSchema>;
