import { and, eq, isNull } from 'drizzle-orm';
import { translate } from '../../shared/i18n';
import { confirmInvitationSchema, inviteSchema, resendInvitationSchema } from '../../shared/schemas/users';
import { messageAnswerSchema, userAnswerSchema } from '../../shared/schemas/users-answers';
import { signedInOrChallengeSchema } from '../../shared/schemas/two-factor';
import type { FeatureRoutes } from '../platform/route-deps';
import { users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { userOf } from '../platform/auth/plugin';
import { AppError, fieldError } from '../platform/errors/app-error';
import { envelopeContract } from '../platform/http/contract';
import { ok } from '../platform/http/wire';
import { limitedBy } from '../platform/rate-limit/limits';
import { invitationMail, mailFailed } from '../identity/mails';
import { issueToken, mailTokenIf, redeemToken, voidTokens } from '../identity/one-time-tokens';
import { relyingPartyOf } from '../two-factor/authenticators';
import { afterPassword } from '../two-factor/password-step';
import {
  bumpLockVersion,
  countActiveAdmins,
  findUserByEmail,
  fullNameOf,
  isUniqueViolation,
  toUser,
  type UserRow,
} from '../users/store';

const emailTaken = () => fieldError('email', 'invitations.errors.emailTaken');
const invalidToken = () => new AppError(422, 'invalid_token', 'invitations.errors.invalidToken');

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
    if (await findUserByEmail(db, input.email)) throw emailTaken();

    let created: { user: UserRow; token: string };
    try {
      created = await db.transaction(async (tx) => {
        // The invitee reads the mail in the inviter's language, so the account starts in it too.
        const [user] = await tx
          .insert(users)
          .values({ email: input.email, role: input.role, locale: request.locale })
          .returning();
        return { user: user!, token: await issueToken(tx, user!.id, 'invitation') };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
      throw error;
    }

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
      await db.delete(users).where(and(eq(users.id, created.user.id), isNull(users.confirmedAt)));
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
      const confirmed = await db.transaction(async (tx) => {
        const user = await redeemToken(tx, input.token, 'invitation', 'invited', invalidToken);
        const now = new Date();
        const [row] = await tx
          .update(users)
          .set({
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            confirmedAt: now,
            lockVersion: bumpLockVersion,
            updatedAt: now,
          })
          .where(eq(users.id, user.id))
          .returning();
        await voidTokens(tx, user.id, 'invitation', now);
        return row!;
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
