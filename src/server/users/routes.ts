import { toSnake } from '../../shared/case';
import { USER_STATUSES, type UserStatus } from '../../shared/constants';
import { z } from 'zod';
import { lockVersion, optionalText } from '../../shared/schemas/common';
import { invitedUserEditSchema, userEditSchema } from '../../shared/schemas/users';
import { userAnswerSchema, userListItemSchema, userOptionSchema } from '../../shared/schemas/users-answers';
import type { FeatureRoutes } from '../platform/route-deps';
import { userOf } from '../platform/auth/plugin';
import { notFound, badParameter } from '../platform/errors/app-error';
import { envelopeContract, uuid } from '../platform/http/contract';
import { listContract, listMeta, pageWindow, parseListParams } from '../platform/http/list-params';
import { ok, parse } from '../platform/http/wire';
import { invitationMail, mailFailed } from '../identity/mails';
import { issueToken } from '../identity/one-time-tokens';
import { archiveUser, editUser, refused, restoreUser } from './actions';
import {
  countActiveAdmins,
  digestTimesOf,
  findUserById,
  fullNameOf,
  listUsers,
  toUser,
  toUserOptions,
  USER_DEFAULT_SORT,
  USER_SORT_FIELDS,
  type UserRow,
  type UserSortField,
} from './store';
import { statusOf } from '../identity/accounts';

/** An invited user's disabled name fields may come back blank or null: only a real value is a change. */
const blankName = optionalText();

const activeUserUpdate = userEditSchema.extend({ lockVersion: lockVersion() });
const invitedUserUpdate = invitedUserEditSchema.extend({
  firstName: blankName,
  lastName: blankName,
  lockVersion: lockVersion(),
});

/**
 * What the edit form may send, whatever the user's status. Its rules depend on the status (names required
 * when active, locked while invited), so the contract only documents the shape and lets every value through
 * (`catch`): the status-specific schemas above check them all at once once the user is read.
 */
const passThrough = <T extends z.ZodType>(schema: T) => schema.catch((ctx) => ctx.value as z.output<T>);
const userPatchBody = z.object({
  role: passThrough(userEditSchema.shape.role),
  firstName: passThrough(z.string().nullish().describe('required once active; blank while invited')),
  lastName: passThrough(z.string().nullish().describe('required once active; blank while invited')),
  mayApprove: passThrough(z.boolean().optional().describe('may approve others’ money moves (two-person approval)')),
  lockVersion: passThrough(lockVersion()),
});

const idParams = z.object({ id: uuid() });
const oneUser = (summary: string, extra: { body?: z.ZodType } = {}) =>
  envelopeContract({ summary, tags: ['users'], params: idParams, ...extra, answer: userAnswerSchema });
const USER_FILTERS = ['search', 'status'] as const;

export const userRoutes: FeatureRoutes = async (app, { config, database, mail }) => {
  const { db } = database;

  const present = async (viewer: UserRow, rows: UserRow[]) => {
    const ctx = { viewerId: viewer.id, activeAdminCount: await countActiveAdmins(db) };
    return rows.map((row) => toUser(row, ctx));
  };
  const presentOne = async (viewer: UserRow, row: UserRow) => (await present(viewer, [row]))[0]!;

  // docs/SPEC.md §6: accounts are the administrators' business; others get /users/options.
  const list = listContract({
    summary: 'Users, searched, filtered by status, sorted and paged (administrators)',
    tags: ['users'],
    options: { filters: USER_FILTERS, sortable: USER_SORT_FIELDS },
    item: userListItemSchema,
  });
  app.get('/users', { ...list, config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    const params = parseListParams(request.query, {
      sortable: USER_SORT_FIELDS,
      defaultSort: USER_DEFAULT_SORT,
      filters: USER_FILTERS,
    });
    const { search, status } = params.filters;
    if (status && !(USER_STATUSES as readonly string[]).includes(status)) throw badParameter('filter[status]');
    const { rows, totalCount } = await listUsers(db, {
      search,
      status: (status || undefined) as UserStatus | undefined,
      sort: params.sort,
      ...pageWindow(params),
    });
    const digestTimes = await digestTimesOf(
      db,
      rows.map((row) => row.id),
    );
    const items = (await present(viewer, rows)).map((user) => ({
      ...user,
      digestTime: digestTimes.get(user.id) ?? null,
    }));
    return ok(items, { ...listMeta(totalCount, params.pageNumber, params.pageSize) });
  });

  /**
   * The company form's overseeing-user picker, for any signed-in user: active users' id and full name,
   * nothing more, searched and sorted like the users list, one page at a time.
   */
  const options = listContract({
    summary: "Active users' id and full name, for the overseeing-user picker (any signed-in user)",
    tags: ['users'],
    options: { filters: ['search'], sortable: [] },
    item: userOptionSchema,
  });
  app.get('/users/options', options, async (request) => {
    const params = parseListParams(request.query, {
      sortable: [] as readonly UserSortField[],
      defaultSort: USER_DEFAULT_SORT,
      filters: ['search'],
    });
    const { rows, totalCount } = await listUsers(db, {
      search: params.filters.search,
      status: 'active',
      sort: USER_DEFAULT_SORT,
      ...pageWindow(params),
    });
    return ok(toUserOptions(rows), { ...listMeta(totalCount, params.pageNumber, params.pageSize) });
  });

  app.get('/users/:id', { ...oneUser('One user (administrators)'), config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    const row = await findUserById(db, request.params.id);
    if (!row) throw notFound();
    return ok(await presentOne(viewer, row));
  });

  const edit = oneUser('Saves the user edit form: role, and names once active (administrators)', {
    body: userPatchBody,
  });
  app.patch('/users/:id', { ...edit, config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    const id = request.params.id;
    const current = await findUserById(db, id);
    if (!current) throw notFound();

    let changes: { role: UserRow['role']; firstName?: string; lastName?: string; mayApprove?: boolean };
    let expected: number;
    if (statusOf(current) === 'invited') {
      const input = parse(invitedUserUpdate, request.body);
      // The invitee chooses their own name when confirming (docs/SPEC.md §2 User edit: names disabled while invited).
      for (const field of ['firstName', 'lastName'] as const) {
        if (input[field]) throw refused('names_locked', 'users.errors.namesLockedWhileInvited', toSnake(field));
      }
      changes = { role: input.role, mayApprove: input.mayApprove };
      expected = input.lockVersion;
    } else {
      const { lockVersion: version, ...input } = parse(activeUserUpdate, request.body);
      changes = input;
      expected = version;
    }
    return ok(await presentOne(viewer, await editUser(db, current, expected, changes, viewer.id)));
  });

  // Archives, never deletes: history keeps pointing at the person (docs/SPEC.md §4).
  const archive = oneUser('Archives a user: their sessions end, history keeps them (administrators)');
  app.delete('/users/:id', { ...archive, config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    const id = request.params.id;
    return ok(await presentOne(viewer, await archiveUser(db, viewer, id)));
  });

  const restore = oneUser('Restores an archived user (administrators)');
  app.post('/users/:id/restore', { ...restore, config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    return ok(await presentOne(viewer, await restoreUser(db, request.params.id)));
  });

  const reinvite = oneUser('Sends an invited user a fresh invitation mail (administrators)');
  app.post('/users/:id/reinvite', { ...reinvite, config: { access: 'admin' } }, async (request) => {
    const viewer = userOf(request);
    const target = await findUserById(db, request.params.id);
    if (!target) throw notFound();
    if (statusOf(target) !== 'invited') throw refused('not_invited', 'users.errors.notInvited');
    const token = await issueToken(db, target.id, 'invitation');
    const message = invitationMail({
      locale: request.locale,
      to: target.email,
      publicUrl: config.publicUrl,
      token,
      inviterName: fullNameOf(viewer),
    });
    try {
      await mail.send(message, request.log);
    } catch (error) {
      request.log.error({ err: error }, 'invitation mail could not be sent');
      throw mailFailed();
    }
    return ok(await presentOne(viewer, target));
  });
};
