import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../shared/constants';
import type { AccountInput } from '../../shared/schemas/auth';
import type { Account } from '../../shared/wire';
import { api } from '../api/client';
import { LanguageSwitch } from '../components/language-switch';
import { reportError } from '../components/server-errors';
import { i18n, setLocale } from '../i18n';
import { USER_QUERY_KEY, useSession } from './session';

/**
 * POST /account takes the whole account: everything as saved, only the language changed. The email is
 * sent unchanged, so the password asked for an email change is never needed here.
 */
function withLocale(user: Account, locale: Locale): AccountInput & { lockVersion: number } {
  return { ...accountInputOf(user), locale, lockVersion: user.lockVersion };
}

/** The account as `POST /account` takes it (docs/SPEC.md §2: the address fields travel along without being shown). */
export function accountInputOf(user: Account): AccountInput {
  return {
    locale: user.locale,
    email: user.email,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    postalCode: user.postalCode ?? '',
    phone: user.phone ?? '',
    mobile: user.mobile ?? '',
  };
}

/**
 * The signed-in language switch (drawer): the screen changes at once and the choice is saved to the
 * account, so the next sign-in and the mails follow it. A failed save puts the language back and says so.
 */
export function AccountLanguageSwitch() {
  const session = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async ({ user, locale }: { user: Account; locale: Locale; previous: Locale }) =>
      (await api<Account>('POST', '/account', { body: withLocale(user, locale) })).data,
    onSuccess: (account) => queryClient.setQueryData([...USER_QUERY_KEY, session.token], account),
    onError: async (error, { previous }) => {
      await setLocale(previous);
      reportError(error, { fallbackKey: 'screens.languageSaveFailed' });
    },
  });
  return (
    <LanguageSwitch
      disabled={save.isPending}
      onSelect={(locale) => {
        if (!session.user) return;
        const previous = i18n.language;
        void setLocale(locale);
        save.mutate({ user: session.user, locale, previous });
      }}
    />
  );
}
