/** The mails the server sends (`mail.*`): read by the server only, never loaded by the browser. */
export const mail = {
  greeting: 'Hello,',
  signature: 'The {{appName}} team',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  textAction: '{{action}}:',
  invitation: {
    subject: 'Your invitation to {{appName}}',
    intro: '{{inviter}} invites you to use {{appName}}.',
    introNoInviter: 'You are invited to use {{appName}}.',
    instructions: 'Choose your password and enter your name to activate your account.',
    action: 'Accept the invitation',
    expiry: 'This link works once and expires in 7 days.',
    ignore: 'If you were not expecting this invitation, you can ignore this email.',
  },
  reset: {
    subject: 'Reset your {{appName}} password',
    intro: 'Someone, hopefully you, asked to reset the password of your {{appName}} account.',
    action: 'Choose a new password',
    expiry: 'This link works once and expires in 1 hour.',
    ignore: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  digest: {
    subject: '{{appName}}: your tasks for {{date}}',
    intro: 'Overdue: {{overdue}}. Due in the next seven days: {{week}}.',
    overdue: 'Overdue ({{count}})',
    week: 'Due this week ({{count}})',
    due: 'Due {{date}}',
    more: 'And {{count}} more on My tasks',
    action: 'Open My tasks',
    why: 'You receive this daily digest because you turned it on in My account, where you can change its time or turn it off.',
  },
};
