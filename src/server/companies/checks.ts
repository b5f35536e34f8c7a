import { snakePath } from '../../shared/case';
import { CV } from '../../shared/schemas/company';
import { V, type IssueMessage } from '../../shared/schemas/common';
import type { CompanyInput } from '../../shared/schemas/company';
import type { Db } from '../db/client';
import { invalid, type ErrorDetail } from '../platform/errors/app-error';
import { AVATAR_SIZE_PX } from '../../shared/companies';
import { jpegDimensions, sniffType, SNIFF_BYTES } from '../platform/storage/file-signature';
import {
  contentTypeOfKey,
  isStorageKey,
  MAX_UPLOAD_BYTES,
  sealUpload,
  type Storage,
} from '../platform/storage/storage';
import { referencedKeys } from '../documents/store';
import { findExistingIds, type PartKind } from './store';

/** Shown in the avatar messages; the limit itself is MAX_UPLOAD_BYTES. */
const MAX_AVATAR_LABEL = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
/**
 * How much of the avatar is read to find its frame header: metadata segments (EXIF, ICC profile) come
 * first. The app's own 200 px JPEG has it within the first kilobyte.
 */
const AVATAR_HEADER_BYTES = 256 * 1024;

const message = (key: string, params: Record<string, unknown> = {}): IssueMessage => ({ key, params });

/**
 * What the schema cannot know: that the chosen lookups and a newly chosen overseeing user exist (and the
 * user is active), that the parts sent with an id belong to this company, and that the avatar is an uploaded
 * JPEG of at most 200×200 px. Every problem is collected, so one 422 tells the form everything, before
 * anything is written. A new avatar is sealed (ADR 0015): the answer names the copy the record must keep;
 * the caller deletes it if the save fails, and the upload once it succeeds.
 */
export async function checkCompanyInput(
  db: Db,
  storage: Storage,
  input: CompanyInput,
  current?: { id: string; avatarFileName: string | null; overseeingUserId: string | null },
): Promise<{ sealedAvatar?: string }> {
  // An overseeing user archived since is kept on an unchanged field; only a new choice
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

  let sealedAvatar: string | undefined;
  const avatar = input.avatarFileName;
  if (avatar && avatar !== current?.avatarFileName) {
    const checked = await checkAvatar(db, storage, avatar);
    if ('key' in checked) sealedAvatar = checked.key;
    else add(['avatarFileName'], checked.issue);
  }

  if (Object.keys(detail).length > 0) {
    if (sealedAvatar) await storage.delete(sealedAvatar);
    throw invalid(detail);
  }
  return { sealedAvatar };
}

/**
 * docs/SPEC.md §9: an avatar is an uploaded JPEG (by its bytes, not its name) of at most 200×200 pixels (by its
 * own frame header), checked on its sealed copy. A key some record already uses is no upload: copying it
 * would then delete that record's file with the "upload".
 */
async function checkAvatar(db: Db, storage: Storage, key: string): Promise<{ key: string } | { issue: IssueMessage }> {
  const notJpeg = { issue: message('files.avatarType') };
  if (!isStorageKey(key) || (await referencedKeys(db, [key])).size > 0) return { issue: message(CV.uploadMissing) };
  if (contentTypeOfKey(key) !== 'image/jpeg') return notJpeg;
  const upload = await storage.head(key);
  if (!upload) return { issue: message(CV.uploadMissing) };
  // Too large is refused before copying it (S3 cannot cap a presigned PUT).
  if (upload.size > MAX_UPLOAD_BYTES) return { issue: message(CV.fileSize, { max: MAX_AVATAR_LABEL }) };
  const sealed = await sealUpload(storage, key);
  if (!sealed) return { issue: message(CV.uploadMissing) };
  const problem = await checkSealedAvatar(storage, sealed);
  if (!problem) return { key: sealed };
  await storage.delete(sealed);
  return { issue: problem };
}

async function checkSealedAvatar(storage: Storage, key: string): Promise<IssueMessage | undefined> {
  const object = await storage.head(key);
  if (!object) return message(CV.uploadMissing);
  if (object.size > MAX_UPLOAD_BYTES) return message(CV.fileSize, { max: MAX_AVATAR_LABEL });
  const start = await storage.readStart(key, AVATAR_HEADER_BYTES);
  if (sniffType(start.subarray(0, SNIFF_BYTES)) !== 'image/jpeg') return message('files.avatarType');
  const size = jpegDimensions(start);
  if (!size) return message('files.avatarType');
  if (size.width > AVATAR_SIZE_PX || size.height > AVATAR_SIZE_PX) {
    return message('files.avatarDimensions', { max: AVATAR_SIZE_PX, ...size });
  }
  return undefined;
}
