/**
 * A realistic, bilingual demo dataset written with bulk SQL (`INSERT … SELECT … FROM generate_series`),
 * one transaction per batch of companies, so that 100 000 companies load in minutes on PGlite and on
 * PostgreSQL. Used by `npm run seed:demo` (scripts/seed-demo.ts) and by its test.
 *
 * Choices are pseudo-random but deterministic: every "random" value is a hash of the company number
 * and a salt (`hashint8`), so the same N gives the same data. Ids are derived the same way
 * (`md5(…)::uuid`), so the parts of a batch reference their company without a round trip.
 *
 * Document rows are metadata only: their `file_name` is a well-formed storage key (`<uuid>.pdf`) that
 * points at no stored object (downloading one answers not found). That is acceptable for a dataset meant for lists, searches and benchmarks.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from './client';
import { seedPipeline, type DisburseRequest } from './demo-pipeline';
import { selectRows } from './rows';
import { companies, financialContributions, financialStatements, owners } from './schema';
import { renderSystemTitle } from '../platform/history/render';
import type { COMPANY_FIELDS, CONTRIBUTION_FIELDS, OWNER_FIELDS, STATEMENT_FIELDS } from '../../shared/schemas/company';
import type { FieldMap } from '../../shared/schemas/record-fields';
import { todayIso } from '../../shared/portfolio/schedule';
import {
  LONG_HISTORY_COMPANY,
  finishBlanketDeferral,
  seedServicingBatch,
  servicingContext,
  startBlanketDeferral,
  type ServicingCounts,
} from './demo-servicing';
import { RISK_RATINGS } from '../../shared/companies';

export const DEMO_ADMIN_EMAIL = 'demo-admin@atrium.local';
export const DEMO_ADMIN_PASSWORD = 'demo-password';

export interface DemoSeedOptions {
  companies: number;
  users?: number;
  /** Events of the one company (the first) whose timeline is long; 0 for none. */
  bigTimelineEvents?: number;
  /** Companies per transaction. */
  batchSize?: number;
  /**
   * The app's refresh of `loan_states` (servicing/store.ts `freshLoanStates`), given by the caller since db/
   * imports no feature: run once after the histories are written, so the first read finds every row computed.
   */
  computeLoanStates?: (db: Db, today: string) => Promise<number>;
  /** The pipeline's disbursement (pipeline/disbursement.ts), for the demo's disbursed requests: see demo-pipeline.ts. */
  disburseRequest?: DisburseRequest;
  /** argon2 hash shared by every demo user (the demo password), computed once by the caller. */
  passwordHash: string;
  log?: (line: string) => void;
}

export interface DemoSeedResult {
  companies: number;
  users: number;
  events: number;
  documents: number;
  bigTimelineCompanyId: string | null;
  /** Loans and what was recorded on them (demo-servicing.ts). */
  servicing: ServicingCounts;
}

export class DemoDataPresentError extends Error {}

/* ------------------------------------------------------------------------------------------------
 * Word lists (SQL literals built from constants of this file only).
 * ---------------------------------------------------------------------------------------------- */

const FR_TRADES = [
  'Boulangerie',
  'Érablière',
  'Ébénisterie',
  'Quincaillerie',
  'Fromagerie',
  'Microbrasserie',
  'Imprimerie',
  'Garage',
  'Atelier',
  'Pâtisserie',
  'Menuiserie',
  'Boucherie',
  'Pharmacie',
  'Serres',
  'Vignoble',
  'Transport',
  'Construction',
  'Toiture',
  'Excavation',
  'Traiteur',
  'Librairie',
  'Cidrerie',
  'Poissonnerie',
];
const FR_SUFFIXES = [
  'inc.',
  'et Fils',
  'ltée',
  'Services',
  'Solutions',
  'enr.',
  'et Associés',
  'du Québec',
  'S.E.N.C.',
];
const EN_TRADES = [
  'Maple Products',
  'Woodworks',
  'Hardware',
  'Bakery',
  'Brewing',
  'Printing',
  'Logistics',
  'Software',
  'Consulting',
  'Roofing',
  'Landscaping',
  'Dairy',
  'Outfitters',
  'Marine',
  'Robotics',
];
const EN_SUFFIXES = ['Inc.', 'Ltd.', 'Services', 'Solutions', 'Group', '& Sons', 'Technologies', 'Co.'];
const LAST_NAMES = [
  'Tremblay',
  'Gagnon',
  'Côté',
  'Bélanger',
  'Lévesque',
  'Roy',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
  'Dubé',
  'Poirier',
  'Fournier',
  'Lapointe',
  'Leclerc',
  'Lefebvre',
  'Poulin',
  'Thibault',
  'St-Pierre',
  'Nadeau',
  'Martin',
  'Landry',
  'Martel',
  'Bédard',
  'Grenier',
  'Lessard',
  'Ménard',
  'Smith',
  'Campbell',
  'MacDonald',
  'Johnston',
  "O'Brien",
  'Wilson',
];
const FIRST_NAMES = [
  'Marie',
  'Jean',
  'Émilie',
  'François',
  'Geneviève',
  'Stéphane',
  'Chloé',
  'Éric',
  'Josée',
  'Mathieu',
  'Hélène',
  'Sébastien',
  'Mélanie',
  'Benoît',
  'Andrée',
  'Jérôme',
  'Noémie',
  'Frédéric',
  'Zoé',
  'André',
  'Sarah',
  'David',
  'Emily',
  'Michael',
  'Jessica',
  'Patrick',
];
const STREETS = [
  'rue Principale',
  'boulevard René-Lévesque',
  'chemin du Lac',
  'avenue des Érables',
  'rang Saint-Joseph',
  'rue Notre-Dame',
  'boulevard de l’Université',
  'rue Sainte-Catherine',
  'chemin de la Côte',
  'rue du Moulin',
  'Main Street',
  'rue des Pionniers',
  'montée Sainte-Thérèse',
  'rue Saint-Édouard',
];
const HIGHLIGHTS = [
  'Entreprise familiale fondée il y a trois générations, reconnue dans la région.',
  'Croissance de 20 % par année depuis trois ans; carnet de commandes plein.',
  'Family business with a loyal customer base and a new export contract.',
  'Certifiée biologique; premier prix régional d’innovation.',
];
const PRODUCTS = [
  'Produits de l’érable, sirop et beurre d’érable.',
  'Meubles sur mesure en bois massif, cuisines et escaliers.',
  'Custom software and support for small manufacturers.',
  'Pains au levain, viennoiseries et pâtisseries fines.',
  'Services d’entretien, de réparation et d’installation.',
];
const MARKETS = [
  'Clientèle locale et touristique; ventes en ligne au Canada.',
  'Marché québécois, expansion prévue en Ontario et en Nouvelle-Angleterre.',
  'Regional retailers and two national grocery chains.',
];
const MANAGEMENT = [
  'La fondatrice dirige les opérations; son fils gère les ventes.',
  'Two partners with fifteen years of experience in the trade.',
  'Équipe de direction de trois personnes, relève identifiée.',
];
const NOTES_BLOCKS = [
  'Rencontre de suivi prévue au printemps. Vérifier les états financiers intermédiaires.',
  'Le promoteur souhaite agrandir l’usine; étudier un second prêt.',
  'Client fiable, paiements toujours à temps.',
  'Follow-up call in the fall about the export project.',
];
const DEFAULT_BLOCKS = [
  'Deux versements en retard; entente de remboursement signée.',
  'Missed the last three payments; collection process started.',
];
const PROJECTS = [
  'Agrandissement de l’usine',
  'Achat d’équipement',
  'Démarrage',
  'Fonds de roulement',
  'Expansion',
  'Relève',
];
const DOCUMENT_NAMES = [
  'États financiers',
  'Plan d’affaires',
  'Contrat de prêt',
  'Résolution du conseil',
  'Rapport de visite',
  'Prévisions budgétaires',
  'Lettre d’offre',
  'Statuts constitutifs',
  'Déclaration fiscale',
  'Financial statements',
  'Loan agreement',
  'Visit report',
  'Facture',
  'Correspondance avec le promoteur',
];
const EVENT_CATEGORIES = ['technicalHelp', 'starting', 'funding', 'project', 'collection', 'followup', 'other'];
const EVENT_TITLES = [
  'Rencontre avec le promoteur',
  'Appel de suivi',
  'Visite de l’entreprise',
  'Analyse du dossier',
  'Demande de financement reçue',
  'Présentation au comité d’investissement',
  'Déboursé du prêt',
  'Relance pour paiement en retard',
  'Aide technique : plan marketing',
  'Formation en gestion',
  'Site visit',
  'Follow-up call',
  'Loan disbursed',
  'Business plan review',
  'Référence vers Investissement Québec',
];
const EVENT_NOTES = [
  'Le promoteur a présenté son projet d’agrandissement; documents à recevoir.',
  'Discussion sur les prévisions financières et le fonds de roulement.',
  'Tout est conforme. Prochain suivi dans six mois.',
  'The owner asked about the Young Entrepreneurs Fund.',
  'Paiement reçu après relance téléphonique.',
  null,
];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: ReadonlyArray<string | null>) =>
  `(ARRAY[${values.map((v) => (v === null ? 'NULL' : literal(v))).join(', ')}]::text[])`;

/** A pseudo-random integer in [0, m) from the row number `g` and a salt. */
const r = (salt: number, m: number | string, g = 'g') =>
  `((hashint8((${g})::bigint * 7919 + ${salt}) & 2147483647) % (${m}))`;
const pick = (values: ReadonlyArray<string | null>, salt: number, g = 'g') =>
  `${textArray(values)}[1 + ${r(salt, values.length, g)}]`;
/** An id from a lookup CTE (columns i, id; n rows). */
const lookup = (cte: string, salt: number, g = 'g') =>
  `(SELECT id FROM ${cte} WHERE i = ${r(salt, `(SELECT count(*) FROM ${cte})`, g)})`;
const companyId = (g = 'g') => `md5('atrium-demo-company-' || ${g})::uuid`;
const userId = (u: string) => `md5('atrium-demo-user-' || ${u})::uuid`;
/** The id `userId` gives demo user number `u`, computed here. */
function userIdOf(u: number): string {
  const hex = createHash('md5').update(`atrium-demo-user-${u}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** Money between `min` and `max` dollars. */
const money = (salt: number, min: number, max: number, g = 'g') => `(${min} + ${r(salt, max - min, g)})::numeric(15,2)`;

const LOOKUPS = `
  legal AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM legal_forms),
  status AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM statuses),
  area AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM activity_areas),
  fund AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM contribution_funds),
  warranty AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM warranties),
  category AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id FROM document_categories c
                WHERE NOT EXISTS (SELECT 1 FROM document_categories k WHERE k.parent_id = c.id)),
  muni AS (SELECT row_number() OVER (ORDER BY key) - 1 AS i, id, key, name_fr, name_en, default_zip_code FROM municipalities)`;

/**
 * The SQL that fills each field of a record, from its field map (shared/schemas/company.ts, ADR 0031): a field
 * the record requires is named here by the typecheck until the demo fills it; one that may be empty may be left
 * out (the demo leaves it empty), so an optional field added to the map does not have to reach this file.
 */
type DemoFill<M extends FieldMap> = {
  [K in keyof M as null extends z.output<M[K]['answer']> ? never : K]: string;
} & { [K in keyof M as null extends z.output<M[K]['answer']> ? K : never]?: string };

/** `(column, …)` and `expression, …` of a fill, in the same order, with the table's column names. */
function filled<M extends FieldMap>(table: PgTable, fill: DemoFill<M>) {
  const columns = getTableColumns(table);
  const entries = Object.entries(fill as Record<string, string>);
  return {
    columns: entries.map(([key]) => columns[key]!.name).join(', '),
    values: entries.map(([, expression]) => expression).join(',\n            '),
  };
}

/**
 * The age of a company's k-th loan: six months, fourteen months, two years. Three companies in four have a first
 * loan, two a second, one a third, so an active loan has about twelve installments due, each with its repayment.
 */
const LOAN_AGE_DAYS = '(ARRAY[180, 420, 720])[k]';

/** Companies g in [from, to]: the company rows and all their parts, documents and events. */
function batchStatements(from: number, to: number, userCount: number, titles: Titles): string[] {
  const series = `generate_series(${from}, ${to}) AS g`;
  const days = `(${r(11, 3650)})`; // age of the company file, up to ten years
  // A quarter of the companies are in Montréal, the rest spread over the other municipalities.
  const muniOf = `(CASE WHEN g % 4 = 0 THEN (SELECT i FROM muni WHERE key = 'montreal') ELSE ${r(12, '(SELECT count(*) FROM muni)')} END)`;
  const frName = `${pick(FR_TRADES, 1)} || ' ' || ${pick(LAST_NAMES, 2)} || ' ' || ${pick(FR_SUFFIXES, 3)}`;
  const enName = `${pick(LAST_NAMES, 2)} || ' ' || ${pick(EN_TRADES, 4)} || ' ' || ${pick(EN_SUFFIXES, 5)}`;
  const overseer = userId(`(1 + ${r(13, userCount, 'b.g')})`);
  const company = filled<typeof COMPANY_FIELDS>(companies, {
    name: 'b.name',
    avatarFileName: 'NULL',
    website: `'https://entreprise-' || b.g || '.example.ca'`,
    emailAddress: `'info@entreprise-' || b.g || '.example.ca'`,
    employeeCount: `1 + ${r(14, 250, 'b.g')}`,
    phoneNumber: `'819' || lpad(${r(15, 10000000, 'b.g')}::text, 7, '0')`,
    // One company in eleven not rated yet.
    riskRating: `CASE WHEN b.g % 11 = 0 THEN NULL ELSE ${pick(RISK_RATINGS, 16, 'b.g')} END`,
    endOfFinancialYear: `${textArray(['31/03', '30/06', '30/09', '31/12'])}[1 + ${r(17, 4, 'b.g')}]`,
    legalFormId: lookup('legal', 18, 'b.g'),
    statusId: lookup('status', 19, 'b.g'),
    activityAreaId: lookup('area', 20, 'b.g'),
    overseeingUserId: `CASE WHEN b.g % 7 = 0 THEN NULL ELSE ${overseer} END`,
  });
  const gk = 'g * 10 + k';
  // 1–3 owners sharing 100 %.
  const owner = filled<typeof OWNER_FIELDS>(owners, {
    name: `${pick(FIRST_NAMES, 27, gk)} || ' ' || ${pick(LAST_NAMES, 28, gk)}`,
    phoneNumber: `'514' || lpad(${r(29, 10000000, gk)}::text, 7, '0')`,
    sharesPercentage: 'round(100.0 / (1 + g % 3), 2)',
    address: `(1 + ${r(30, 900, gk)}) || ', ' || ${pick(STREETS, 31, gk)}`,
    city: `'Montréal'`,
    zipCode: `'H2X 1Y4'`,
  });
  // 1–5 statements, one per year, the newest last.
  const statement = filled<typeof STATEMENT_FIELDS>(financialStatements, {
    year: '2025 - (1 + (g % 5)) + k',
    sales: money(32, 200000, 5000000, gk),
    grossProfit: money(33, 50000, 900000, gk),
    netProfit: money(34, -50000, 300000, gk),
    currentAssets: money(35, 20000, 800000, gk),
    totalAssets: money(36, 100000, 3000000, gk),
    currentLiabilities: money(37, 10000, 500000, gk),
    holdings: money(38, 0, 200000, gk),
    fundsGenerated: money(39, 0, 400000, gk),
    debtService: money(40, 0, 150000, gk),
  });
  // 0–3 contributions, their terms drawn first (`terms`): the agreed payment (`refund`) and the expected end date
  // are what the terms give, as an agreement typed without a mistake would say (ADR 0032): the annuity payment,
  // and the last payment moratorium and amortization months after authorization.
  const terms = `SELECT g, k, ${money(42, 5000, 150000, gk)} AS amount,
              (1 + ${r(43, 800, gk)} / 100.0)::numeric(7,3) AS rate,
              -- The long-history loan (demo-servicing.ts) runs ten years: none of its installments due is its last.
              CASE WHEN g = ${LONG_HISTORY_COMPANY} AND k = 3 THEN 120 ELSE 12 * (1 + ${r(44, 7, gk)}) END AS amortization,
              ${r(45, 13, gk)} AS moratorium,
              (now() - make_interval(days => ${LOAN_AGE_DAYS}))::date AS authorization_date
         FROM ${series}, generate_series(1, g % 4) AS k`;
  const contribution = filled<typeof CONTRIBUTION_FIELDS>(financialContributions, {
    contributionFundId: lookup('fund', 41, gk),
    amount: 't.amount',
    rate: 't.rate',
    amortization: 't.amortization',
    moratorium: 't.moratorium',
    refund: 'round(t.amount * (t.rate / 1200) / (1 - power(1 + t.rate / 1200, -t.amortization)), 2)',
    warrantyId: lookup('warranty', 47, gk),
    authorizationDate: 't.authorization_date',
    followupDate: `(now() - make_interval(days => ${LOAN_AGE_DAYS} - 180))::date`,
    expectedEndDate: '(t.authorization_date + make_interval(months => (t.moratorium + t.amortization)::int))::date',
    projectName: pick(PROJECTS, 48, gk),
    projectCost: money(49, 10000, 900000, gk),
  });
  return [
    `WITH ${LOOKUPS},
     base AS (
       SELECT g, ${companyId()} AS id,
              CASE WHEN g % 3 = 0 THEN ${enName} ELSE ${frName} END AS name,
              'C-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('company_reference_number_seq')::text, 6, '0') AS reference_number,
              ${muniOf} AS muni_i,
              now() - make_interval(days => ${days}::int) AS inserted_at
         FROM ${series})
     INSERT INTO companies (id, reference_number, ${company.columns}, archived_at, search_text, inserted_at, updated_at)
     SELECT b.id, b.reference_number,
            ${company.values},
            CASE WHEN b.g % 20 = 0 THEN least(now(), b.inserted_at + interval '200 days') END,
            f_search_text(concat_ws(' ', b.name, b.reference_number, 'info@entreprise-' || b.g || '.example.ca',
                                    concat_ws(' ', m.name_fr, m.name_en))),
            b.inserted_at, b.inserted_at + interval '30 days'
       FROM base b JOIN muni m ON m.i = b.muni_i`,
    `WITH ${LOOKUPS}
     INSERT INTO company_addresses (company_id, address, zip_code, municipality_id)
     SELECT ${companyId()}, (10 + ${r(21, 4000)}) || ', ' || ${pick(STREETS, 22)}, m.default_zip_code, m.id
       FROM ${series} JOIN muni m ON m.i = ${muniOf}`,
    `INSERT INTO company_presentations (company_id, highlights, products, market, management)
     SELECT ${companyId()}, ${pick(HIGHLIGHTS, 23)}, ${pick(PRODUCTS, 24)}, ${pick(MARKETS, 25)}, ${pick(MANAGEMENT, 26)}
       FROM ${series}`,
    `INSERT INTO owners (company_id, position, ${owner.columns})
     SELECT ${companyId()}, k - 1,
            ${owner.values}
       FROM ${series}, generate_series(1, 1 + g % 3) AS k`,
    `INSERT INTO financial_statements (company_id, ${statement.columns}, inserted_at)
     SELECT ${companyId()},
            ${statement.values},
            now() - make_interval(days => (6 - k) * 365)
       FROM ${series}, generate_series(1, 1 + g % 5) AS k`,
    `WITH ${LOOKUPS},
     terms AS (${terms})
     INSERT INTO financial_contributions (company_id, ${contribution.columns}, inserted_at)
     SELECT ${companyId()},
            ${contribution.values},
            now() - make_interval(days => ${LOAN_AGE_DAYS})
       FROM terms t`,
    // 1–2 blocks: notes, and for one company in six a default of payment.
    `INSERT INTO blocks (company_id, block_type, content, position)
     SELECT ${companyId()}, 'notes', ${pick(NOTES_BLOCKS, 50)}, 0 FROM ${series}
     UNION ALL
     SELECT ${companyId()}, 'defaultOfPayment', ${pick(DEFAULT_BLOCKS, 51)}, 1 FROM ${series} WHERE g % 6 = 0`,
    // 2–4 documents (3 on average), metadata only; a PDF gets text as if extracted (ADR 0022), so that
    // search inside documents is measured on realistic content.
    `WITH ${LOOKUPS}
     INSERT INTO documents (company_id, category_id, name, date, file_name, file_type, file_size, inserted_at, updated_at,
                            content_status, content_text)
     SELECT ${companyId()}, ${lookup('category', 52, 'g * 10 + k')},
            ${pick(DOCUMENT_NAMES, 53, 'g * 10 + k')} || ' ' || (2025 - ${r(54, 8, 'g * 10 + k')}),
            (now() - make_interval(days => ${r(55, 2900, 'g * 10 + k')}::int))::date,
            md5('atrium-demo-document-' || g || '-' || k)::uuid || CASE WHEN k % 4 = 0 THEN '.jpg' ELSE '.pdf' END,
            CASE WHEN k % 4 = 0 THEN 'image/jpeg' ELSE 'application/pdf' END,
            20000 + ${r(56, 3000000, 'g * 10 + k')},
            now() - make_interval(days => ${r(55, 2900, 'g * 10 + k')}::int), now() - make_interval(days => ${r(55, 2900, 'g * 10 + k')}::int),
            CASE WHEN k % 4 = 0 THEN 'no_text' ELSE 'indexed' END,
            CASE WHEN k % 4 = 0 THEN NULL ELSE concat_ws(' ', ${pick(PROJECTS, 57, 'g * 10 + k')}, ${pick(NOTES_BLOCKS, 58, 'g * 10 + k')}, ${pick(EVENT_NOTES, 59, 'g * 10 + k')}) END
       FROM ${series}, generate_series(1, 2 + g % 3) AS k`,
    // Events: "company created" when the file was opened, "document added" for each document, and
    // 5–7 events written by people, over the company's years.
    `INSERT INTO events (company_id, category_slug, code, params, date, author_id, search_text, inserted_at, updated_at)
     SELECT c.id, 'system', 'companyCreated', jsonb_build_object('name', c.name),
            (c.inserted_at AT TIME ZONE 'America/Toronto')::date, c.overseeing_user_id,
            f_search_text(replace(${literal(titles.created.fr)}, ${literal(PLACEHOLDER)}, c.name) || ' ' ||
                          replace(${literal(titles.created.en)}, ${literal(PLACEHOLDER)}, c.name)),
            c.inserted_at, c.inserted_at
       FROM ${series} JOIN companies c ON c.id = ${companyId()}
     UNION ALL
     SELECT d.company_id, 'system', 'documentAdded', jsonb_build_object('name', d.name),
            (d.inserted_at AT TIME ZONE 'America/Toronto')::date, NULL,
            f_search_text(replace(${literal(titles.document.fr)}, ${literal(PLACEHOLDER)}, d.name) || ' ' ||
                          replace(${literal(titles.document.en)}, ${literal(PLACEHOLDER)}, d.name)),
            d.inserted_at, d.inserted_at
       FROM ${series} JOIN documents d ON d.company_id = ${companyId()}`,
    personEvents(series, `generate_series(1, 5 + g % 3) AS k`, userCount),
  ];
}

/** Events written by people for the companies of `series`, k of them each (k from `perCompany`). */
function personEvents(series: string, perCompany: string, userCount: number): string {
  const h = 'g::bigint * 100000 + k'; // bigint: g × 100 000 overflows an int from company 21 475 on
  return `WITH e AS (
       SELECT ${companyId()} AS company_id, ${pick(EVENT_CATEGORIES, 60, h)} AS category_slug,
              ${pick(EVENT_TITLES, 61, h)} AS title, ${pick(EVENT_NOTES, 62, h)} AS notes,
              (now() - make_interval(days => ${r(63, 3650, h)}::int)) AS at,
              ${userId(`(1 + ${r(64, userCount, h)})`)} AS author_id
         FROM ${series}, ${perCompany})
     INSERT INTO events (company_id, category_slug, title, notes, date, author_id, search_text, inserted_at, updated_at)
     SELECT company_id, category_slug, title, notes, (at AT TIME ZONE 'America/Toronto')::date, author_id,
            f_search_text(concat_ws(' ', title, notes)), at, at
       FROM e`;
}

const PLACEHOLDER = '\u0001';
interface Titles {
  created: { fr: string; en: string };
  document: { fr: string; en: string };
}

/** The stored search text of a system event is its title in both languages (events/store.ts). */
function systemTitles(): Titles {
  const both = (code: string) => ({
    fr: renderSystemTitle(code, { name: PLACEHOLDER }, 'fr'),
    en: renderSystemTitle(code, { name: PLACEHOLDER }, 'en'),
  });
  return { created: both('companyCreated'), document: both('documentAdded') };
}

/**
 * Seeds the demo dataset into a migrated database that has its reference data. Throws
 * DemoDataPresentError when the demo admin exists already: seeding twice would double everything.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeedResult> {
  const log = options.log ?? (() => undefined);
  const userCount = Math.max(1, options.users ?? 200);
  const batchSize = options.batchSize ?? 5000;
  const total = options.companies;
  const [present] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_ADMIN_EMAIL}`,
  );
  if ((present?.n ?? 0) > 0)
    throw new DemoDataPresentError(
      `demo data already present (${DEMO_ADMIN_EMAIL} exists): seed an empty database or DATA_DIR`,
    );

  // Users: the admin is user 1; the others are active users sharing the one hash.
  const emailOf = `CASE WHEN u = 1 THEN ${literal(DEMO_ADMIN_EMAIL)} ELSE
      lower(translate(${pick(FIRST_NAMES, 70, 'u')} || '.' || ${pick(LAST_NAMES, 71, 'u')},
        'ÀÂÉÈÊËÎÏÔÖÙÛÜÇàâéèêëîïôöùûüç'' ', 'AAEEEEIIOOUUUCaaeeeeiioouuuc')) || '.' || u || '@atrium.local' END`;
  await db.execute(
    sql.raw(`INSERT INTO users (id, email, password_hash, first_name, last_name, role, locale, city, confirmed_at)
     SELECT ${userId('u')}, ${emailOf}, ${literal(options.passwordHash)},
            CASE WHEN u = 1 THEN 'Démo' ELSE ${pick(FIRST_NAMES, 70, 'u')} END,
            CASE WHEN u = 1 THEN 'Administratrice' ELSE ${pick(LAST_NAMES, 71, 'u')} END,
            CASE WHEN u = 1 OR u % 25 = 0 THEN 'admin' ELSE 'user' END,
            CASE WHEN u % 4 = 0 THEN 'en' ELSE 'fr' END, 'Sherbrooke', now()
       FROM generate_series(1, ${userCount}) AS u`),
  );
  log(`users: ${userCount}`);

  const titles = systemTitles();
  const started = Date.now();
  const today = todayIso();
  const servicingDays = servicingContext(today);
  const deferralId = await startBlanketDeferral(db, servicingDays, userIdOf(1));
  const servicing: ServicingCounts = { loans: 0, disbursements: 0, repayments: 0, amendments: 0, writeOffs: 0 };
  for (let from = 1; from <= total; from += batchSize) {
    const to = Math.min(total, from + batchSize - 1);
    await db.transaction(async (tx) => {
      for (const [index, statement] of batchStatements(from, to, userCount, titles).entries()) {
        await tx.execute(sql.raw(statement)).catch((error: unknown) => {
          // drizzle's message is the whole statement: name the batch statement and where it failed.
          const cause = (error as Error).cause as { message?: string; position?: string } | undefined;
          const at = Number(cause?.position ?? 0);
          const near = statement.slice(Math.max(0, at - 80), at + 20).replace(/\s+/g, ' ');
          throw new Error(`batch statement ${index + 1} near «${near}»: ${cause?.message ?? String(error)}`);
        });
      }
      const counts = await seedServicingBatch(tx, from, to, { ...servicingDays, deferralId });
      for (const key of Object.keys(servicing) as (keyof ServicingCounts)[]) servicing[key] += counts[key];
    });
    log(`companies: ${to}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await finishBlanketDeferral(db, deferralId);
  const pipeline = await seedPipeline(db, {
    companyIds: await selectRows<{ id: string }>(
      db,
      sql.raw(`SELECT ${companyId('g')}::text AS id FROM generate_series(1, ${Math.min(total, 44)}) AS g`),
    ).then((rows) => rows.map((row) => row.id)),
    userIds: Array.from({ length: Math.min(userCount, 8) }, (_, n) => userIdOf(n + 1)),
    today,
    ...(options.disburseRequest ? { disburseRequest: options.disburseRequest } : {}),
  });
  log(`pipeline: ${pipeline.requests} funding requests, ${pipeline.meetings} committee meetings`);
  log(
    `servicing: ${servicing.disbursements} disbursements, ${servicing.repayments} repayments, ${servicing.amendments} amendments, ${servicing.writeOffs} write-offs on ${servicing.loans} loans`,
  );
  // Each loan's figures, by the app's own refresh when the caller gives it (else the first read computes them):
  // every row is stale until computed (migration 0018).
  if (options.computeLoanStates) {
    const figuresStarted = Date.now();
    const computed = await options.computeLoanStates(db, today);
    log(`loan figures: ${computed} loans computed (${((Date.now() - figuresStarted) / 1000).toFixed(1)} s)`);
  }

  const bigEvents = Math.min(options.bigTimelineEvents ?? 10_000, 1_000_000);
  let bigTimelineCompanyId: string | null = null;
  if (total > 0 && bigEvents > 0) {
    const [row] = await selectRows<{ id: string; n: number }>(
      db,
      sql.raw(
        `SELECT ${companyId('1')}::text AS id, (SELECT count(*)::int FROM events WHERE company_id = ${companyId('1')}) AS n`,
      ),
    );
    bigTimelineCompanyId = row!.id;
    const missing = bigEvents - row!.n;
    if (missing > 0) {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(personEvents('generate_series(1, 1) AS g', `generate_series(100, ${99 + missing}) AS k`, userCount)),
        );
      });
    }
    log(`company with a long timeline: ${bigTimelineCompanyId} (${bigEvents} events)`);
  }

  const [counts] = await selectRows<{ events: number; documents: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM documents) AS documents`,
  );
  // Fresh statistics: the planner must know the tables are large now.
  await db.execute(sql`ANALYZE`);
  return {
    companies: total,
    users: userCount,
    events: counts!.events,
    documents: counts!.documents,
    bigTimelineCompanyId,
    servicing,
  };
}
