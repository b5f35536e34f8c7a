import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { accountSchema } from '../../shared/schemas/auth';
import type { RouteDeps } from '../platform/route-deps';
import { users } from '../db/schema';
import { userOf } from '../platform/auth/plugin';
import { conflict, fieldError } from '../platform/errors/app-error';
import { ok, parseBody } from '../platform/http/wire';
import { bumpLockVersion, countActiveAdmins, isUniqueViolation, toAccount } from '../users/store';

/** The account form also sends back the version it read; without it the save simply wins. */
const accountUpdateSchema = accountSchema.extend({ lockVersion: z.number().int().nonnegative().optional() });

export const accountRoutes: FastifyPluginAsync<RouteDeps> = async (app, { database }) => {
  const { db } = database;

  app.get('/user', async (request) => {
    const user = userOf(request);
    return ok(toAccount(user, { viewerId: user.id, activeAdminCount: await countActiveAdmins(db) }));
  });

  app.post('/account', async (request) => {
    const user = userOf(request);
    const { lockVersion, ...input } = parseBody(accountUpdateSchema, request.body);
    const where =
      lockVersion === undefined
        ? eq(users.id, user.id)
        : and(eq(users.id, user.id), eq(users.lockVersion, lockVersion));
    let updated;
    try {
      [updated] = await db
        .update(users)
        .set({
          ...input,
          address: input.address || null,
          city: input.city || null,
          postalCode: input.postalCode || null,
          phone: input.phone || null,
          mobile: input.mobile || null,
          lockVersion: bumpLockVersion,
          updatedAt: new Date(),
        })
        .where(where)
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw fieldError('email', 'errors.api.emailTaken');
      throw error;
    }
    if (!updated) throw conflict();
    return ok(toAccount(updated, { viewerId: updated.id, activeAdminCount: await countActiveAdmins(db) }));
  });
};
