import { snakePath } from '../../shared/case';
import { CV } from '../../shared/schemas/company';
import { V, type IssueMessage } from '../../shared/schemas/common';
import type { CompanyInput } from '../../shared/schemas/company';
import type { Db } from '../db/client';
import { invalid, type ErrorDetail } from '../platform/errors/app-error';
import { isImage, sniffType, SNIFF_BYTES } from '../platform/storage/file-signature';
import { contentTypeOfKey, isStorageKey, MAX_UPLOAD_BYTES, type Storage } from '../platform/storage/storage';
import { findExistingIds, type PartKind } from './store';

/** Shown in the avatar messages; the limit itself is MAX_UPLOAD_BYTES. */
const MAX_AVATAR_LABEL = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
const AVATAR_TYPES_LABEL = 'JPEG, PNG';

const message = (key: string, params: Record<string, unknown> = {}): IssueMessage => ({ key, params });

/**
 * What the schema cannot know: that the chosen lookups and a newly chosen overseeing user exist (and
 * the user is active), that the parts sent with an id belong to this company, and that the avatar is an uploaded
 * image. Every problem is collected, so one 422 tells the form everything, before anything is written.
 */
export async function checkCompanyInput(
  db: Db,
  storage: Storage,
  input: CompanyInput,
  current?: { id: string; avatarFileName: string | null; overseeingUserId: string | null },
): Promise<void> {
  // Issue 12.12: an overseeing user archived since is kept on an unchanged field; only a new choice
  // must be an active user.
  const newOverseer =
    input.overseeingUserId && input.overseeingUserId !== current?.overseeingUserId ? input.overseeingUserId : null;
  const contributions = input.financialContributions;
  const existing = await findExistingIds(
    db,
    {
      legalForms: [input.legalFormId],
      statuses: [input.statusId],
      activityAreas: [input.activityAreaId],
      municipalities: [input.address.municipalityId],
      contributionFunds: contributions.map((c) => c.contributionFundId),
      warranties: contributions.flatMap((c) => (c.warrantyId ? [c.warrantyId] : [])),
      activeUsers: newOverseer ? [newOverseer] : [],
    },
    current?.id,
  );
  const detail: ErrorDetail = {};
  const add = (path: Array<string | number>, issue: IssueMessage) => (detail[snakePath(path)] ??= []).push(issue);
  const refs = existing.references;

  if (!refs.legalForms.has(input.legalFormId)) add(['legalFormId'], message(CV.unknownChoice));
  if (!refs.statuses.has(input.statusId)) add(['statusId'], message(CV.unknownChoice));
  if (!refs.activityAreas.has(input.activityAreaId)) add(['activityAreaId'], message(CV.unknownChoice));
  if (!refs.municipalities.has(input.address.municipalityId)) {
    add(['address', 'municipalityId'], message(CV.unknownChoice));
  }
  if (newOverseer && !refs.activeUsers.has(newOverseer)) {
    add(['overseeingUserId'], message(CV.inactiveUser));
  }
  contributions.forEach((c, i) => {
    if (!refs.contributionFunds.has(c.contributionFundId)) {
      add(['financialContributions', i, 'contributionFundId'], message(CV.unknownChoice));
    }
    if (c.warrantyId && !refs.warranties.has(c.warrantyId)) {
      add(['financialContributions', i, 'warrantyId'], message(CV.unknownChoice));
    }
  });

  // On a new company every part is new: ids sent anyway are ignored by the store.
  if (current) {
    const parts: Record<PartKind, Array<{ id?: string | undefined }>> = {
      owners: input.owners,
      financialStatements: input.financialStatements,
      financialContributions: input.financialContributions,
      blocks: input.blocks,
    };
    for (const [kind, items] of Object.entries(parts) as Array<[PartKind, Array<{ id?: string }>]>) {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        if (!item.id) return;
        if (!existing.parts[kind].has(item.id)) add([kind, i, 'id'], message(CV.unknownChoice));
        else if (seen.has(item.id)) add([kind, i, 'id'], message(V.invalid));
        seen.add(item.id);
      });
    }
  }

  const avatar = input.avatarFileName;
  if (avatar && avatar !== current?.avatarFileName) {
    const problem = await checkAvatar(storage, avatar);
    if (problem) add(['avatarFileName'], problem);
  }

  if (Object.keys(detail).length > 0) throw invalid(detail);
}

/** An avatar must be an uploaded JPEG or PNG (by its bytes, not its name) of at most 10 MB. */
async function checkAvatar(storage: Storage, key: string): Promise<IssueMessage | undefined> {
  const typeMessage = message(CV.fileType, { types: AVATAR_TYPES_LABEL });
  if (!isStorageKey(key)) return message(CV.uploadMissing);
  if (!contentTypeOfKey(key)?.startsWith('image/')) return typeMessage;
  const object = await storage.head(key);
  if (!object) return message(CV.uploadMissing);
  if (object.size > MAX_UPLOAD_BYTES) return message(CV.fileSize, { max: MAX_AVATAR_LABEL });
  if (!isImage(sniffType(await storage.readStart(key, SNIFF_BYTES)))) return typeMessage;
  return undefined;
}
