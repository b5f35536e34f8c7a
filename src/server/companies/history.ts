import { inArray } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../shared/constants';
import type { Bilingual, FieldChange, HistoryPartKind, HistoryValue } from '../../shared/history';
import { translate } from '../../shared/i18n';
import { formatMoney } from '../../shared/intl';
import { COMPANY_MAPS as MAPS, type CompanyInput } from '../../shared/schemas/company';
import { historyFields, type HistoryKind, type NameKind } from '../../shared/schemas/record-fields';
import { isRiskRating, riskRatingKey } from '../../shared/companies';
import type { Executor, Tx } from '../db/client';
import {
  activityAreas,
  contributionFunds,
  legalForms,
  municipalities,
  statuses,
  users,
  warranties,
} from '../db/schema';
import { recordSystemEvent } from '../platform/history/record';
import { fullNameOf } from '../users/store';
import type { CompanyGraph } from './graph';

/*
 * A company's field-level history (docs/decisions/0025): what a save changed, computed in its transaction and
 * recorded through the one history writer (platform/history, ADR 0031).
 */

/** The other lookups a company names (by id), whose names the field-level history keeps. */
const LOOKUP_TABLES = { legalForms, activityAreas, municipalities, warranties };
type LookupKind = keyof typeof LOOKUP_TABLES;

export async function namesOf(
  tx: Executor,
  wanted: { statuses?: string[]; funds?: string[]; users?: string[] } & Partial<Record<LookupKind, string[]>>,
): Promise<
  { statuses: Map<string, Bilingual>; funds: Map<string, Bilingual>; users: Map<string, string> } & Record<
    LookupKind,
    Map<string, Bilingual>
  >
> {
  const statusIds = [...new Set(wanted.statuses ?? [])];
  const fundIds = [...new Set(wanted.funds ?? [])];
  const userIds = [...new Set(wanted.users ?? [])];
  // One after the other: a transaction is one connection, which runs one statement at a time anyway.
  const statusRows = statusIds.length
    ? await tx
        .select({ id: statuses.id, fr: statuses.nameFr, en: statuses.nameEn })
        .from(statuses)
        .where(inArray(statuses.id, statusIds))
    : [];
  const fundRows = fundIds.length
    ? await tx
        .select({ id: contributionFunds.id, fr: contributionFunds.nameFr, en: contributionFunds.nameEn })
        .from(contributionFunds)
        .where(inArray(contributionFunds.id, fundIds))
    : [];
  const userRows = userIds.length
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const lookups = {} as Record<LookupKind, Map<string, Bilingual>>;
  for (const kind of Object.keys(LOOKUP_TABLES) as LookupKind[]) {
    const ids = [...new Set(wanted[kind] ?? [])];
    const table = LOOKUP_TABLES[kind];
    const rows = ids.length
      ? await tx.select({ id: table.id, fr: table.nameFr, en: table.nameEn }).from(table).where(inArray(table.id, ids))
      : [];
    lookups[kind] = new Map(rows.map(({ id, fr, en }) => [id, { fr, en }]));
  }
  return {
    ...lookups,
    statuses: new Map(statusRows.map(({ id, fr, en }) => [id, { fr, en }])),
    funds: new Map(fundRows.map(({ id, fr, en }) => [id, { fr, en }])),
    users: new Map(userRows.map((row) => [row.id, fullNameOf(row)])),
  };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

/** The fields the history follows, with the catalog key of their label and how their value is kept. */
const FOLLOWED = {
  company: historyFields(MAPS.company),
  address: historyFields(MAPS.address),
  presentation: historyFields(MAPS.presentation),
  owner: historyFields(MAPS.owner),
  statement: historyFields(MAPS.statement),
  contribution: historyFields(MAPS.contribution),
  block: historyFields(MAPS.block),
};

/** Long texts (presentation, blocks) are kept up to this length: the history says what changed, not a copy. */
const KEPT_TEXT_LENGTH = 300;

type Row = Record<string, unknown>;

/** Same value for the history: numbers from the database may come as text ("12.50"), blanks as null. */
function normalized(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}
const same = (a: unknown, b: unknown) => normalized(a) === normalized(b);

/**
 * What a company save changed, field by field, computed in its transaction from the stored graph and
 * the input, and recorded as ONE `companyChanged` system event by `authorId` (nothing when nothing
 * changed). Lookups are kept by their names at the time, in both languages (ADR 0025).
 */
export async function recordCompanySave(
  tx: Tx,
  {
    companyId,
    authorId,
    before,
    input,
  }: { companyId: string; authorId: string; before: CompanyGraph; input: CompanyInput },
): Promise<void> {
  // First pass: which fields changed, with raw values; then one read of every name they mention.
  const raw: Array<{
    field: string;
    kind: HistoryKind;
    before: unknown;
    after: unknown;
    part?: { kind: HistoryPartKind; label: (names: Names) => HistoryValue | null };
    change?: FieldChange['change'];
  }> = [];
  const compare = (
    fields: Array<[string, string, HistoryKind]>,
    from: Row | null,
    to: Row | null,
    part?: (typeof raw)[number]['part'],
  ) => {
    for (const [key, field, kind] of fields) {
      const a = from?.[key] ?? null;
      const b = to?.[key] ?? null;
      if (!same(a, b)) raw.push({ field, kind, before: a, after: b, part, change: part ? 'changed' : undefined });
    }
  };
  compare(FOLLOWED.company, before as unknown as Row, input as unknown as Row);
  compare(FOLLOWED.address, before.address as Row | null, input.address as Row);
  compare(FOLLOWED.presentation, before.presentation as Row | null, input.presentation as Row | null);

  const parts = (
    kind: HistoryPartKind,
    fields: Array<[string, string, HistoryKind]>,
    stored: Row[],
    sent: Array<Row & { id?: string | undefined }>,
    label: (row: Row, names: Names) => HistoryValue | null,
  ) => {
    const sentIds = new Set(sent.flatMap((row) => (row.id ? [row.id] : [])));
    const byId = new Map(stored.map((row) => [row['id'] as string, row]));
    for (const row of stored) {
      if (sentIds.has(row['id'] as string)) continue;
      raw.push({
        field: `history.removed.${kind}`,
        kind: 'text',
        before: null,
        after: null,
        part: { kind, label: (names) => label(row, names) },
        change: 'removed',
      });
    }
    for (const row of sent) {
      const old = row.id ? byId.get(row.id) : undefined;
      if (!old) {
        raw.push({
          field: `history.added.${kind}`,
          kind: 'text',
          before: null,
          after: null,
          part: { kind, label: (names) => label(row, names) },
          change: 'added',
        });
      } else {
        // A changed part is named as it was before (its label field changing is itself a line).
        compare(fields, old, row, { kind, label: (names) => label(old, names) });
      }
    }
  };
  const text = (value: unknown): HistoryValue | null =>
    value === null || value === undefined || value === '' ? null : { kind: 'text', value: String(value) };
  parts('owner', FOLLOWED.owner, before.owners, input.owners, (row) => text(row['name']));
  parts('statement', FOLLOWED.statement, before.financialStatements, input.financialStatements, (row) =>
    text(row['year']),
  );
  parts(
    'contribution',
    FOLLOWED.contribution,
    before.financialContributions,
    input.financialContributions,
    (row, names) => {
      const fund = names.funds.get(row['contributionFundId'] as string);
      const amount = normalized(row['amount']);
      if (!fund) return null;
      const withAmount = (locale: Locale) =>
        typeof amount === 'number' ? `${fund[locale]}, ${formatMoney(amount, locale)}` : fund[locale];
      return { kind: 'name', value: { fr: withAmount('fr'), en: withAmount('en') } };
    },
  );
  // A block is named by its type and its place in the form ("Notes 2"), as the form names it.
  const blockPositions = new Map<string, number>();
  input.blocks.forEach((block, index) => block.id && blockPositions.set(block.id, index + 1));
  before.blocks.forEach((block, index) => !blockPositions.has(block.id) && blockPositions.set(block.id, index + 1));
  const blockLabel = (row: Row, position: number): HistoryValue => ({
    kind: 'name',
    value: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        translate(locale, 'companies.form.blocks.numbered', {
          type: translate(locale, `companies.form.blocks.types.${String(row['blockType'])}`),
          number: position,
        }),
      ]),
    ) as unknown as Bilingual,
  });
  parts('block', FOLLOWED.block, before.blocks, input.blocks, (row) =>
    blockLabel(
      row,
      (row['id'] ? blockPositions.get(row['id'] as string) : undefined) ?? input.blocks.indexOf(row as never) + 1,
    ),
  );

  if (raw.length === 0) return;
  const idsOf = (kind: NameKind) =>
    raw.flatMap((c) => (c.kind === kind ? [c.before, c.after].filter((v): v is string => typeof v === 'string') : []));
  const names = await namesOf(tx, {
    statuses: idsOf('statuses'),
    users: idsOf('users'),
    funds: [
      ...idsOf('funds'),
      ...before.financialContributions.map((c) => c.contributionFundId),
      ...input.financialContributions.map((c) => c.contributionFundId),
    ],
    legalForms: idsOf('legalForms'),
    activityAreas: idsOf('activityAreas'),
    municipalities: idsOf('municipalities'),
    warranties: idsOf('warranties'),
  });
  const kept = (kind: HistoryKind, value: unknown): HistoryValue | null => {
    const v = normalized(value);
    if (v === null) return null;
    switch (kind) {
      case 'text': {
        const s = String(v);
        return { kind: 'text', value: s.length > KEPT_TEXT_LENGTH ? `${s.slice(0, KEPT_TEXT_LENGTH)}…` : s };
      }
      case 'number':
      case 'percent':
      case 'money':
        return typeof v === 'number' ? { kind, value: v } : { kind: 'text', value: String(v) };
      case 'date':
        return { kind: 'date', value: String(value) };
      // Kept by its words in both languages, like a lookup's name ("B – Moyen", "B – Medium").
      case 'riskRating':
        return isRiskRating(v)
          ? {
              kind: 'name',
              value: Object.fromEntries(
                LOCALES.map((locale) => [locale, translate(locale, riskRatingKey(v))]),
              ) as unknown as Bilingual,
            }
          : { kind: 'text', value: String(v) };
      default: {
        const name = names[kind as NameKind].get(String(v));
        return name ? { kind: 'name', value: name } : null;
      }
    }
  };
  const changes: FieldChange[] = raw.map((c) => ({
    field: c.field,
    ...(c.part ? { part: { kind: c.part.kind, label: c.part.label(names) }, change: c.change } : {}),
    before: kept(c.kind, c.before),
    after: kept(c.kind, c.after),
  }));
  await recordSystemEvent(tx, { companyId, authorId, code: 'companyChanged', params: { changes } });
}
