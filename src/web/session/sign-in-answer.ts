import { useNavigate } from 'react-router';
import type { SecondFactorChallenge } from '../../shared/schemas/two-factor';
import type { Account } from '../../shared/wire';
import { useSession } from './session';

/** What a right password answers (sign-in, password reset, invitation): the account, or the second step. */
export type SignInAnswer = Account | SecondFactorChallenge;

export const isSecondFactorChallenge = (data: SignInAnswer): data is SecondFactorChallenge =>
  'secondFactorRequired' in data;

/** The screen of the second step (docs/decisions/0035-two-factor-sign-in.md); its state is `SecondStepState`. */
export const SECOND_FACTOR_PATH = '/login/two-factor';
export interface SecondStepState {
  challenge: SecondFactorChallenge;
  /** Where to go once signed in. */
  to: string;
}

/** Follows a right password: signed in and on to `to`, or to the second step, which goes on to `to` after. */
export function useSignInAnswer() {
  const session = useSession();
  const navigate = useNavigate();
  return async ({ data, headers }: { data: SignInAnswer; headers: Headers }, to: string): Promise<void> => {
    if (isSecondFactorChallenge(data)) {
      void navigate(SECOND_FACTOR_PATH, { state: { challenge: data, to } satisfies SecondStepState });
      return;
    }
    await session.signIn(headers, data);
    void navigate(to, { replace: true });
  };
}
