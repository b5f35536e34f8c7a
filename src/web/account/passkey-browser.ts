import type * as Browser from '@simplewebauthn/browser';
import type { WebCatalogKey } from '../i18n';

/**
 * The browser's side of passkeys, through @simplewebauthn/browser, loaded only when a passkey is used or added:
 * the sign-in page's first load does not carry it (ADR 0018's budget). Failures become a catalog key.
 */
export class PasskeyProblem extends Error {
  constructor(readonly messageKey: WebCatalogKey) {
    super(messageKey);
    this.name = 'PasskeyProblem';
  }
}

async function withBrowser<T>(run: (browser: typeof Browser) => Promise<T>): Promise<T> {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) throw new PasskeyProblem('twoFactor.errors.passkeyUnsupported');
  try {
    return await run(browser);
  } catch (error) {
    const name = (error as { name?: string }).name;
    // Closed, cancelled or timed out: the person may simply try again.
    if (name === 'NotAllowedError' || name === 'AbortError')
      throw new PasskeyProblem('twoFactor.errors.passkeyCancelled');
    if (name === 'InvalidStateError') throw new PasskeyProblem('twoFactor.errors.passkeyExists');
    throw new PasskeyProblem('twoFactor.errors.passkeyRefused');
  }
}

/** `navigator.credentials.create` with the server's options: the registration answer to send back. */
export const createPasskey = (optionsJSON: unknown) =>
  withBrowser((browser) => browser.startRegistration({ optionsJSON: optionsJSON as never }));

/** `navigator.credentials.get` with the sign-in's options: the assertion to send back. */
export const assertPasskey = (optionsJSON: unknown) =>
  withBrowser((browser) => browser.startAuthentication({ optionsJSON: optionsJSON as never }));
