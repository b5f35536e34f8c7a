import type { SameKeys } from '../translate';
import type { mail as english } from './mail.en';

export const mail = {
  greeting: 'Bonjour,',
  signature: 'L’équipe {{appName}}',
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  textAction: '{{action}} :',
  invitation: {
    subject: 'Votre invitation à {{appName}}',
    intro: '{{inviter}} vous invite à utiliser {{appName}}.',
    introNoInviter: 'Vous êtes invité à utiliser {{appName}}.',
    instructions: 'Choisissez votre mot de passe et saisissez votre nom pour activer votre compte.',
    action: 'Accepter l’invitation',
    expiry: 'Ce lien ne sert qu’une fois et expire dans 7 jours.',
    ignore: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce courriel.',
  },
  reset: {
    subject: 'Réinitialisez votre mot de passe {{appName}}',
    intro: 'Quelqu’un, vous sans doute, a demandé la réinitialisation du mot de passe de votre compte {{appName}}.',
    action: 'Choisir un nouveau mot de passe',
    expiry: 'Ce lien ne sert qu’une fois et expire dans 1 heure.',
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.',
  },
  digest: {
    subject: '{{appName}} : vos tâches du {{date}}',
    intro: 'En retard : {{overdue}}. À faire dans les sept prochains jours : {{week}}.',
    overdue: 'En retard ({{count}})',
    week: 'À faire cette semaine ({{count}})',
    due: 'Échéance : {{date}}',
    more: 'Et {{count}} autres dans Mes tâches',
    action: 'Ouvrir Mes tâches',
    why: 'Vous recevez ce résumé quotidien parce que vous l’avez activé dans Mon compte, où vous pouvez en changer l’heure ou le désactiver.',
  },
} satisfies SameKeys<typeof english>;
