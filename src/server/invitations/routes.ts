import { translate } from '../../shared/i18n';
import { confirmInvitationSchema, inviteSchema, resendInvitationSchema } from '../../shared/schemas/users';
import { messageAnswerSchema, userAnswerSchema } from '../../shared/schemas/users-answers';
import { signedInOrChallengeSchema } from '../../shared/schemas/two-factor';
import type { FeatureRoutes } from '../platform/route-deps';
import { hashPassword } from '../platform/auth/passwords';
import { userOf } from '../platform/auth/plugin';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { limitedBy } from '../platform/rate-limit/limits';
import { invitationMail, mailFailed } from '../identity/mails';
import { mailTokenIf } from '../identity/one-time-tokens';
import { relyingPartyOf } from '../two-factor/authenticators';
import { afterPassword } from '../two-factor/password-step';
import { countActiveAdmins, findUserByEmail, fullNameOf, toUser } from '../users/store';
import { confirmInvitation, createInvitation, withdrawInvitation } from './actions';

const invite = envelopeContract({
  summary: 'Invites someone by email with a role; the mail goes out before the answer (administrators)',
  tags: ['invitations'],
  body: inviteSchema,
  answer: userAnswerSchema,
  status: 201,
});
const confirm = envelopeContract({
  summary:
    'Accepts an invitation with its token: names and password, then signed in, or first asked to set up a second factor when the office requires one',
  tags: ['invitations'],
  body: confirmInvitationSchema,
  answer: signedInOrChallengeSchema,
});
const resend = envelopeContract({
  summary: 'Asks for a fresh invitation mail; the same answer whether or not the address is invited',
  tags: ['invitations'],
  body: resendInvitationSchema,
  answer: messageAnswerSchema,
});

export const invitationRoutes: FeatureRoutes = async (app, { config, database, mail, tokens, limits }) => {
  const { db } = database;
  const rp = relyingPartyOf(config.publicUrl);

  app.post('/invitations', { ...invite, config: { access: 'admin' } }, async (request, reply) => {
    const inviter = userOf(request);
    const input = request.body;
    // The invitee reads the mail in the inviter's language, so the account starts in it too.
    const created = await createInvitation(db, { email: input.email, role: input.role, locale: request.locale });

    const message = invitationMail({
      locale: request.locale,
      to: created.user.email,
      publicUrl: config.publicUrl,
      token: created.token,
      inviterName: fullNameOf(inviter),
    });
    try {
      await mail.send(message, request.log);
    } catch (error) {
      // Nobody can use an invitation that never arrived: undo it, so inviting again is not "already taken".
      request.log.error({ err: error }, 'invitation mail could not be sent');
      await withdrawInvitation(db, created.user.id);
      throw mailFailed();
    }

    void reply.status(201);
    return ok(toUser(created.user, { viewerId: inviter.id, activeAdminCount: await countActiveAdmins(db) }));
  });

  app.post(
    '/invitations/confirm',
    { ...confirm, config: { access: 'public' }, preValidation: limitedBy(limits.tokenByAddress) },
    async (request, reply) => {
      const input = request.body;
      // Hashed before the transaction: it takes tens of milliseconds, rows stay locked for less.
      const passwordHash = await hashPassword(input.password);
      const confirmed = await confirmInvitation(db, input.token, {
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      return ok(await afterPassword({ db, tokens, rp }, reply, confirmed));
    },
  );

  // Same answer, same status, about the same time for any address: it must not reveal who is invited.
  app.post(
    '/invitations/resend',
    { ...resend, config: { access: 'public' }, preValidation: limitedBy(limits.mailByAddress, limits.mailByAccount) },
    async (request) => {
      const input = request.body;
      await mailTokenIf(db, await findUserByEmail(db, input.email), 'invited', 'invitation', (user, token) => {
        const message = invitationMail({ locale: request.locale, to: user.email, publicUrl: config.publicUrl, token });
        mail.sendLater(message, request.log);
      });
      return ok({ message: translate(request.locale, 'invitations.resend.success') });
    },
  );
};
