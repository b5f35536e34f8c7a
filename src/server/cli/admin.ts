import { eq } from 'drizzle-orm';
import { forgotPasswordSchema } from '../../shared/schemas/users';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { liftAccountLimits } from '../platform/rate-limit/limits';
import { createMailer } from '../platform/mail/mailer';
import { passwordResetMail } from '../identity/mails';
import { issueToken } from '../identity/one-time-tokens';
import { findUserByEmail, fullNameOf, type UserRow } from '../users/store';
import { statusOf } from '../identity/accounts';
import { generateAdminPassword, newAdmin } from '../users/first-admin';
import { CommandError, openForCommand } from './command-database';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  create-admin EMAIL   create an administrator; prints a password to change at first sign-in
  reset-link EMAIL     make a password-reset link for an account (printed, and mailed to it)
  unlock EMAIL         lift the limits on an account (failed sign-ins and second factors, mails, current
                       password) and on the addresses that failed to sign in to it: it can sign in at once
  list-admins          list the administrators

With DATABASE_URL the command runs against PostgreSQL, alongside running apps. Without it, it opens the
embedded database in DATA_DIR (default ./data), which the app must not be holding at the same time.`;

/** What a command printed and how it ends; the script writes and exits with it. */
export interface CommandOutcome {
  lines: string[];
  code: number;
}

function emailArgument(value: string | undefined): string {
  if (!value) throw new CommandError(`An EMAIL is required.\n\n${ADMIN_USAGE}`, 2);
  const parsed = forgotPasswordSchema.safeParse({ email: value });
  if (!parsed.success) throw new CommandError(`"${value}" is not an email address.`, 2);
  return parsed.data.email;
}

async function existingAccount(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CommandError(`No account has the email ${email}. Nothing was changed.`);
  return user;
}

async function createAdmin(db: Db, email: string): Promise<string[]> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    throw new CommandError(
      `An account with the email ${email} exists already (${existing.role}, ${statusOf(existing)}). ` +
        'Nothing was changed. Use `reset-link` to get back into it.',
    );
  }
  const password = generateAdminPassword();
  await db.insert(users).values(await newAdmin(email, password));
  return [`Administrator ${email} created.`, `Password (shown once, change it in "My account"): ${password}`];
}

async function resetLink(config: Config, db: Db, email: string): Promise<string[]> {
  const user = await existingAccount(db, email);
  const status = statusOf(user);
  if (status !== 'active') {
    // The reset page refuses invited and archived accounts: a link would not work.
    throw new CommandError(
      status === 'invited'
        ? `${email} has not accepted the invitation yet: resend it from the Users screen, or use create-admin with another email.`
        : `${email} is archived: an administrator restores it from the Users screen (or create one with create-admin).`,
    );
  }
  const token = await issueToken(db, user.id, 'reset');
  const message = passwordResetMail({ locale: user.locale, to: user.email, publicUrl: config.publicUrl, token });
  const link = /https?:\/\/\S+token=\S+/.exec(message.text)?.[0];
  const lines = [`Password-reset link for ${fullNameOf(user)} (valid one hour):`, link ?? ''];
  const mailer = createMailer(config);
  try {
    const receipt = await mailer.send(message);
    lines.push(receipt.transport === 'smtp' ? `Also mailed to ${email}.` : `Also written to ${receipt.file}.`);
  } catch (error) {
    lines.push(
      `It could not be mailed (${error instanceof Error ? error.message : String(error)}): pass the link on yourself.`,
    );
  } finally {
    await mailer.close();
  }
  return lines;
}

async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db.select().from(users).where(eq(users.role, 'admin')).orderBy(users.email);
  if (rows.length === 0) return ['No administrator. Create one with: npm run admin -- create-admin EMAIL'];
  return rows.map((row) => `${row.email}\t${fullNameOf(row)}\t${statusOf(row)}`);
}

/**
 * `npm run admin -- <command> [EMAIL]` (ADR 0024): what cannot be done from the screens when locked out.
 * Usage errors exit 2, a refused command (unknown account…) 1, a busy embedded database 3.
 */
export async function runAdminCommand(config: Config, args: string[]): Promise<CommandOutcome> {
  const [command, argument, ...rest] = args;
  try {
    const known = ['create-admin', 'reset-link', 'unlock', 'list-admins'];
    if (!command || !known.includes(command)) {
      throw new CommandError(`${command ? `Unknown command "${command}".\n\n` : ''}${ADMIN_USAGE}`, 2);
    }
    if (rest.length > 0 || (command === 'list-admins' && argument)) {
      throw new CommandError(`Too many arguments.\n\n${ADMIN_USAGE}`, 2);
    }
    const email = command === 'list-admins' ? '' : emailArgument(argument);
    const { database, close } = await openForCommand(config, `npm run admin -- ${command}`);
    try {
      const { db } = database;
      if (command === 'create-admin') return { lines: await createAdmin(db, email), code: 0 };
      if (command === 'reset-link') return { lines: await resetLink(config, db, email), code: 0 };
      if (command === 'unlock') return { lines: await unlockAccount(db, email), code: 0 };
      return { lines: await listAdmins(db), code: 0 };
    } finally {
      await close();
    }
  } catch (error) {
    if (error instanceof CommandError) return { lines: [error.message], code: error.code };
    throw error;
  }
}

/**
 * Lifts the limits kept in PostgreSQL for an account (ADR 0013, 0034 §5), for every process at once, and
 * says exactly what it lifted and from where the account can now sign in.
 */
async function unlockAccount(db: Db, email: string): Promise<string[]> {
  const user = await existingAccount(db, email);
  const { counters, addresses } = await liftAccountLimits(db, user);
  const status = statusOf(user);
  const lines =
    counters === 0
      ? [`${user.email}: no limit was holding this account. Nothing was changed.`]
      : [
          `${user.email}: ${counters} limit counter${counters === 1 ? '' : 's'} removed — its failed sign-ins, its ` +
            'wrong second-factor codes, its password-reset and invitation mails, its wrong current passwords' +
            (addresses.length > 0
              ? `, and the limits of the address${addresses.length === 1 ? '' : 'es'} that failed to sign in to it ` +
                `(${addresses.join(', ')}).`
              : '.'),
          status === 'active'
            ? `It can sign in at once${addresses.length > 0 ? ', from those addresses too' : ''}. An address blocked ` +
              'only by failures on other accounts is not lifted: it opens by itself within 15 minutes.'
            : '',
        ].filter(Boolean);
  if (status !== 'active') {
    lines.push(
      status === 'invited'
        ? `It cannot sign in before the invitation is accepted (resend it from the Users screen).`
        : `It cannot sign in while archived: an administrator restores it from the Users screen.`,
    );
  }
  return lines;
}
