import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 3100);
/** Known to the specs so they can read the mail outbox; emptied by serve.ts at each run. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `atrium-e2e-${E2E_PORT}`);

/** Accounts that e2e/serve.ts creates before the app starts; each spec uses its own where it changes one. */
export const PASSWORD = 'e2e password 123';

export const ACCOUNTS = {
  admin: { email: 'admin@e2e.test', role: 'admin', firstName: 'Alice', lastName: 'Admin' },
  user: { email: 'user@e2e.test', role: 'user', firstName: 'Ulysse', lastName: 'User' },
  account: { email: 'account@e2e.test', role: 'user', firstName: 'Aurèle', lastName: 'Compte' },
  logout: { email: 'logout@e2e.test', role: 'user', firstName: 'Léa', lastName: 'Sortie' },
  companies: { email: 'companies@e2e.test', role: 'user', firstName: 'Camille', lastName: 'Gagnon' },
  events: { email: 'events@e2e.test', role: 'user', firstName: 'Évariste', lastName: 'Historien' },
  // e2e/account-security.spec.ts: one changes its password, one signs out, one is guessed at.
  security: { email: 'security@e2e.test', role: 'user', firstName: 'Sécurité', lastName: 'Motdepasse' },
  signOut: { email: 'signout@e2e.test', role: 'user', firstName: 'Serge', lastName: 'Sortant' },
  guessed: { email: 'guessed@e2e.test', role: 'user', firstName: 'Gisèle', lastName: 'Devinée' },
  screens: { email: 'screens@e2e.test', role: 'user', firstName: 'Sacha', lastName: 'Écran' },
  screensPhone: { email: 'screens-phone@e2e.test', role: 'user', firstName: 'Sacha', lastName: 'Mobile' },
  portfolio: { email: 'portfolio@e2e.test', role: 'user', firstName: 'Paule', lastName: 'Portefeuille' },
  // e2e/staff-screens.spec.ts: a staff member going through the portfolio screens.
  staff: { email: 'staff@e2e.test', role: 'user', firstName: 'Stéphane', lastName: 'Conseiller' },
  // e2e/two-factor.spec.ts: one sets up an authenticator app, one a passkey, one is an administrator made to set one up.
  twoFactorApp: { email: 'totp@e2e.test', role: 'user', firstName: 'Théo', lastName: 'Codes' },
  twoFactorKey: { email: 'passkey@e2e.test', role: 'user', firstName: 'Pascale', lastName: 'Clé', locale: 'en' },
  twoFactorAdmin: { email: 'admin2fa@e2e.test', role: 'admin', firstName: 'Adèle', lastName: 'Facteur' },
  // e2e/servicing.spec.ts: one story in French on a desktop, one in English on a phone.
  servicing: { email: 'servicing@e2e.test', role: 'user', firstName: 'Sévrine', lastName: 'Prêts' },
  servicingPhone: { email: 'servicing-phone@e2e.test', role: 'user', firstName: 'Sévrine', lastName: 'Mobile' },
  // e2e/servicing-bulk.spec.ts: a fund's blanket deferral, in French on a desktop and in English on a phone.
  deferral: { email: 'deferral@e2e.test', role: 'user', firstName: 'Denise', lastName: 'Report' },
  deferralPhone: { email: 'deferral-phone@e2e.test', role: 'user', firstName: 'Denise', lastName: 'Mobile' },
  // e2e/month-end.spec.ts: an administrator's month-end, in French on a desktop and in English on a phone.
  monthEnd: { email: 'month-end@e2e.test', role: 'admin', firstName: 'Mona', lastName: 'Comptable' },
  monthEndPhone: { email: 'month-end-phone@e2e.test', role: 'admin', firstName: 'Mona', lastName: 'Mobile' },
  // e2e/servicing-import.spec.ts: a file of repayments imported in French on a desktop, in English on a phone.
  servicingImport: { email: 'import@e2e.test', role: 'user', firstName: 'Iris', lastName: 'Import' },
  servicingImportPhone: { email: 'import-phone@e2e.test', role: 'user', firstName: 'Iris', lastName: 'Mobile' },
  // e2e/guarantees.spec.ts: a loan's guarantees and their tasks, in French on a desktop and in English on a phone.
  guarantees: { email: 'guarantees@e2e.test', role: 'user', firstName: 'Gaston', lastName: 'Sûretés' },
  guaranteesPhone: { email: 'guarantees-phone@e2e.test', role: 'user', firstName: 'Gaston', lastName: 'Mobile' },
  // e2e/tasks.spec.ts: My tasks and the fund report, in French on a desktop and in English on a phone.
  tasks: { email: 'tasks@e2e.test', role: 'user', firstName: 'Tania', lastName: 'Tâches' },
  tasksPhone: { email: 'tasks-phone@e2e.test', role: 'user', firstName: 'Tania', lastName: 'Mobile' },
  // e2e/digest.spec.ts: the daily digest and the calendar link, in French on a desktop and in English on a phone.
  digest: { email: 'digest@e2e.test', role: 'user', firstName: 'Diane', lastName: 'Rappel' },
  digestPhone: { email: 'digest-phone@e2e.test', role: 'user', firstName: 'Diane', lastName: 'Mobile', locale: 'en' },
  // e2e/pipeline-tasks.spec.ts: administrators who analyse, decide and send tasks back to the queue.
  pipelineTasks: { email: 'pipeline-tasks@e2e.test', role: 'admin', firstName: 'Pia', lastName: 'Pipeline' },
  pipelineTasksPhone: { email: 'pipeline-tasks-phone@e2e.test', role: 'admin', firstName: 'Pia', lastName: 'Mobile' },
  // e2e/pipeline-requests.spec.ts: a funding request from draft to disbursed, in French on a desktop, in English on a phone.
  requests: { email: 'requests@e2e.test', role: 'user', firstName: 'Renée', lastName: 'Analyste' },
  requestsPhone: { email: 'requests-phone@e2e.test', role: 'user', firstName: 'Renée', lastName: 'Mobile' },
  // e2e/pipeline-committee.spec.ts: an administrator who sits on the committee, in French on a desktop and in English on a phone.
  committee: { email: 'committee@e2e.test', role: 'admin', firstName: 'Camille', lastName: 'Comité' },
  committeePhone: { email: 'committee-phone@e2e.test', role: 'admin', firstName: 'Colin', lastName: 'Comité' },
  moneyScreens: { email: 'money-screens@e2e.test', role: 'admin', firstName: 'Maude', lastName: 'Secrétaire' },
  moneyScreensPhone: {
    email: 'money-screens-phone@e2e.test',
    role: 'admin',
    firstName: 'Marc',
    lastName: 'Secrétaire',
  },
  // e2e/updates.spec.ts: a screen whose code a deploy replaced, in French on a desktop and in English on a phone.
  updates: { email: 'updates@e2e.test', role: 'user', firstName: 'Ugo', lastName: 'Version' },
  updatesPhone: { email: 'updates-phone@e2e.test', role: 'user', firstName: 'Ugo', lastName: 'Mobile' },
  // e2e/checklist-templates.spec.ts: an administrator who makes a fund's document optional, desktop and phone.
  templates: { email: 'templates@e2e.test', role: 'admin', firstName: 'Thérèse', lastName: 'Gabarit' },
  templatesPhone: { email: 'templates-phone@e2e.test', role: 'admin', firstName: 'Thérèse', lastName: 'Mobile' },
  // e2e/archive-live-loans.spec.ts: a company archived with a live loan, in French on a desktop and in English on a phone.
  archiveLive: { email: 'archive-live@e2e.test', role: 'user', firstName: 'Armand', lastName: 'Archive' },
  archiveLivePhone: { email: 'archive-live-phone@e2e.test', role: 'user', firstName: 'Armand', lastName: 'Mobile' },
  // e2e/decided-terms.spec.ts: an administrator who decides a loan and types one outside the pipeline, desktop and phone.
  decidedTerms: { email: 'decided-terms@e2e.test', role: 'admin', firstName: 'Denis', lastName: 'Résolution' },
  decidedTermsPhone: { email: 'decided-terms-phone@e2e.test', role: 'admin', firstName: 'Denis', lastName: 'Mobile' },
  // e2e/approvals.spec.ts: two-person approval — an administrator, a maker and an approver, desktop and phone.
  approvalsAdmin: { email: 'approvals-admin@e2e.test', role: 'admin', firstName: 'Agathe', lastName: 'Politique' },
  approvalsMaker: { email: 'approvals-maker@e2e.test', role: 'user', firstName: 'Maxime', lastName: 'Saisie' },
  approvalsApprover: { email: 'approvals-approver@e2e.test', role: 'user', firstName: 'Paule', lastName: 'Approuve' },
  approvalsAdminPhone: {
    email: 'approvals-admin-phone@e2e.test',
    role: 'admin',
    firstName: 'Agathe',
    lastName: 'Mobile',
  },
  approvalsMakerPhone: {
    email: 'approvals-maker-phone@e2e.test',
    role: 'user',
    firstName: 'Maxime',
    lastName: 'Mobile',
  },
  approvalsApproverPhone: {
    email: 'approvals-approver-phone@e2e.test',
    role: 'user',
    firstName: 'Paule',
    lastName: 'Mobile',
  },
  // e2e/letters.spec.ts: an administrator who uploads a Word model and follows a letter, desktop and phone.
  letters: { email: 'letters@e2e.test', role: 'admin', firstName: 'Laure', lastName: 'Lettre' },
  lettersPhone: { email: 'letters-phone@e2e.test', role: 'admin', firstName: 'Laure', lastName: 'Mobile' },
} as const;
