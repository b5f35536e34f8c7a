/** Accounts that e2e/serve.ts creates before the app starts; each spec uses its own where it changes one. */
export const PASSWORD = 'e2e password 123';

export const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', role: 'admin', firstName: 'Alice', lastName: 'Admin' },
  user: { email: 'user@e2e.test', role: 'user', firstName: 'Ulysse', lastName: 'User' },
  account: { email: 'account@e2e.test', role: 'user', firstName: 'Aurèle', lastName: 'Compte' },
  logout: { email: 'logout@e2e.test', role: 'user', firstName: 'Léa', lastName: 'Sortie' },
} as const;
