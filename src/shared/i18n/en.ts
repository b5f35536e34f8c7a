/**
 * The English catalog. French (fr.ts) must have exactly the same keys: `satisfies Catalog` there fails
 * the typecheck on a missing or extra key, and catalog.test.ts checks it again at run time.
 * Both the SPA and the API read these: validation messages are i18n keys in the shared schemas.
 */
export const en = {
  common: {
    appName: 'Atrium',
    save: 'Save',
    cancel: 'Cancel',
    continue: 'Continue',
    close: 'Close',
    loading: 'Loading…',
    areYouSure: 'Are you sure?',
    language: 'Language',
    languages: { fr: 'Français', en: 'English' },
    roles: { admin: 'Administrator', user: 'User' },
    statuses: { invited: 'Invited', active: 'Active', disabled: 'Archived' },
    rows: '{{rows}} rows',
    none: 'None',
  },
  errors: {
    generic: 'An error occured, please try again later.',
    validations: {
      required: 'Field is required',
      email: 'Must be a valid email',
      passwordMustMatch: 'Passwords must match',
      passwordTooShort: 'Must be at least {{min}} characters',
      tooLong: 'Must be at most {{max}} characters',
      invalid: 'Invalid value',
      fileSize: 'The file must be at most {{max}}',
      fileType: 'The file must be one of: {{types}}',
    },
    api: {
      badRequest: 'The request is malformed.',
      invalidJson: 'The request body is not valid JSON.',
      notFound: 'This resource does not exist.',
      routeNotFound: 'There is no such address in the API.',
      unauthorized: 'Your session has ended. Please sign in again.',
      forbidden: 'You are not allowed to do this.',
      conflict: 'Someone else changed this record since you opened it. Reload it to see their changes.',
      payloadTooLarge: 'The request is too large.',
      validationFailed: 'Some fields are invalid.',
      rateLimited: 'Too many attempts. Please wait a moment and try again.',
      unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
      internal: 'An error occured, please try again later.',
      emailTaken: 'This email address is already used by another account.',
    },
    notFound: { title: '404 - Page not found', back: 'Back to the home page' },
    unexpected: { title: 'Unexpected Application Error!', back: 'Back to the home page' },
  },
  auth: {
    login: {
      title: 'Sign in',
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
      forgotPassword: 'Forgot your password?',
      resendInvitation: 'Did not receive your invitation?',
      failure: 'The credentials you provided were invalid. Please try again.',
    },
  },
  layout: {
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    navigation: 'Main navigation',
    currentCompany: 'Current company',
    noCompany: 'No company selected',
    showCompany: 'Show',
    switchCompany: 'Switch',
    companies: 'Companies',
    documents: 'Documents',
    events: 'Event history',
    users: 'Users',
    myAccount: 'My account',
    logout: 'Log out',
  },
  account: {
    title: 'My account',
    locale: 'Language',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    save: 'Save',
    saved: 'Your account was saved.',
  },
  toasts: {
    needActiveCompany: 'Select a company first to work on its documents and events.',
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Catalog = Widen<typeof en>;
