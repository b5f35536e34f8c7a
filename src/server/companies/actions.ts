/**
 * The companies' writes as the routes call them (docs/decisions/0060): each opens its transaction, runs the
 * store's write and reads the answer before the commit, so that a failure to read it (no connection free in time,
 * say) rolls the write back instead of answering 5xx for a write that was kept — which a client retrying would
 * then make twice. The routes hold no SQL and no transaction.
 */
import { toDollars } from '../../shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../shared/intl';
import type { Locale } from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import { AppError, notFound } from '../platform/errors/app-error';
import type { Storage } from '../platform/storage/storage';
import { discardUnreferenced } from '../documents/orphan-sweep';
import { LiveLoansError, setArchived } from './store';

/** A write and the answer it reads, in one transaction; the write answers the company's id, or false: 404. */
export function writeThenAnswer<T>(
  db: Db,
  write: (tx: Tx) => Promise<string | false>,
  answer: (id: string, tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const id = await write(tx);
    if (!id) throw notFound();
    return answer(id, tx);
  });
}

/**
 * Archive (`true`) or restore (`false`), then answer; refused with 422 when the company is already so
 * (docs/SPEC.md §4), and archiving a company with live loans with 409 `company_has_live_loans` naming each
 * loan and its outstanding, unless `liveLoansConfirmed` (docs/decisions/0060).
 */
export async function archiveOrRestore<T>(
  db: Db,
  change: { id: string; archived: boolean; authorId: string; liveLoansConfirmed: boolean; locale: Locale },
  answer: (id: string, tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await writeThenAnswer(
      db,
      async (tx) => {
        const outcome = await setArchived(tx, change.id, change.archived, change.authorId, change.liveLoansConfirmed);
        if (outcome === 'unchanged') {
          throw change.archived
            ? new AppError(422, 'already_archived', 'companies.errors.alreadyArchived')
            : new AppError(422, 'not_archived', 'companies.errors.notArchived');
        }
        return outcome === 'done' && change.id;
      },
      answer,
    );
  } catch (error) {
    if (!(error instanceof LiveLoansError)) throw error;
    const loans = error.loans.map((loan) => ({
      key: 'companies.errors.liveLoan',
      params: {
        loanNumber: loan.loanNumber,
        outstanding: formatMoney(toDollars(loan.outstandingCents), change.locale),
      },
    }));
    throw new AppError(409, 'company_has_live_loans', 'companies.errors.hasLiveLoans', { loans }, undefined, {
      count: loans.length,
    });
  }
}

/**
 * Runs a save with its sealed avatar (ADR 0015): the record names the sealed copy. Once saved, the
 * upload (whose URL may still be live) and the avatar it replaces are deleted; if not, the copy is.
 */
export async function saveWithSealedAvatar<T>(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  avatar: { input: { avatarFileName: string | null }; sealedAvatar: string | undefined; previous: string | null },
  save: (avatarFileName: string | null) => Promise<T>,
): Promise<T> {
  const { db, storage, log } = deps;
  const { input, sealedAvatar, previous } = avatar;
  let saved: T;
  try {
    saved = await save(sealedAvatar ?? input.avatarFileName);
  } catch (error) {
    // Should this delete fail, the orphan sweep takes the copy in a day.
    if (sealedAvatar) await storage.delete(sealedAvatar).catch(() => undefined);
    throw error;
  }
  const stale = sealedAvatar ? [input.avatarFileName, previous] : [previous !== input.avatarFileName && previous];
  for (const key of stale) {
    if (!key) continue;
    // The save is done and answered as done; a file left behind is the orphan sweep's (ADR 0006).
    await discardUnreferenced(db, storage, key).catch((error: unknown) =>
      log.warn({ err: error, key }, 'replaced avatar or upload left for the orphan sweep'),
    );
  }
  return saved;
}
