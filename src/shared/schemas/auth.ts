import { z } from 'zod';
import { email, locale, optionalText, passwordPresent, requiredText } from './common';

/** SPEC §5 Login. */
export const signInSchema = z.object({
  email: email(),
  password: passwordPresent(),
});
export type SignInInput = z.input<typeof signInSchema>;

/** SPEC §5 My account; address fields travel with the record but are not shown (SPEC §2). */
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
});
export type AccountInput = z.input<typeof accountSchema>;
