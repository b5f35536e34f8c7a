import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/rows';

/** Ids of seeded lookups, by their stable keys (db/reference-data.ts). */
export async function lookupIds(db: Db) {
  const one = async (table: string, key: string) => {
    const [row] = await selectRows<{ id: string }>(db, sql`SELECT id FROM ${sql.identifier(table)} WHERE key = ${key}`);
    if (!row) throw new Error(`no lookup ${table}/${key}`);
    return row.id;
  };
  return {
    legalForm: await one('legal_forms', 'business-corporation'),
    cooperative: await one('legal_forms', 'cooperative'),
    status: await one('statuses', 'active'),
    prospect: await one('statuses', 'prospect'),
    activityArea: await one('activity_areas', 'manufacturing'),
    montreal: await one('municipalities', 'montreal'),
    levis: await one('municipalities', 'levis'),
    saintJerome: await one('municipalities', 'saint-jerome'),
    fund: await one('contribution_funds', 'fli'),
    otherFund: await one('contribution_funds', 'fls'),
    warranty: await one('warranties', 'personal-guarantee'),
  };
}

export type LookupIds = Awaited<ReturnType<typeof lookupIds>>;

/** A complete company as the form sends it (snake_case wire keys). */
export function fullCompany(ids: LookupIds, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Fromagerie du Vieux-Port',
    website: 'https://fromagerie.example',
    email_address: 'info@fromagerie.example',
    employee_count: '12',
    phone_number: '514-555-0199',
    risk_rating: 'B',
    end_of_financial_year: '3103',
    legal_form_id: ids.legalForm,
    status_id: ids.status,
    activity_area_id: ids.activityArea,
    overseeing_user_id: null,
    address: { address: '350, rue Saint-Paul Est', zip_code: 'h2y1h2', municipality_id: ids.montreal },
    owners: [
      {
        name: 'Marie Tremblay',
        phone_number: '514-555-0101',
        shares_percentage: '60',
        address: '12, rue des Érables',
        city: 'Montréal',
        zip_code: 'H2X 1Y4',
      },
      { name: 'Jean Gagnon', phone_number: '', shares_percentage: '40', address: '', city: '', zip_code: '' },
    ],
    presentation: {
      highlights: 'Fromages fins affinés sur place',
      products: 'Cheddar, brie',
      market: 'Épiceries fines',
      management: 'Deux associés',
    },
    financial_statements: [
      {
        year: '2024',
        sales: '1 250 000,50',
        gross_profit: '400000',
        net_profit: '-12500.75',
        current_assets: '300000',
        total_assets: '900000',
        current_liabilities: '150000',
        holdings: '50000',
        funds_generated: '80000',
        debt_service: '20000',
      },
      { year: '2025', sales: '1400000' },
    ],
    financial_contributions: [
      {
        contribution_fund_id: ids.fund,
        amount: '50000',
        rate: '5,5',
        amortization: '60',
        moratorium: '6',
        refund: '955,12',
        warranty_id: ids.warranty,
        authorization_date: '2025-01-15',
        followup_date: '2025-07-15',
        expected_end_date: '2030-01-15',
        project_name: 'Nouvelle cave d’affinage',
        project_cost: '250000',
      },
    ],
    blocks: [
      { block_type: 'notes', content: 'Première rencontre en janvier.' },
      { block_type: 'defaultOfPayment', content: 'Aucun défaut.' },
    ],
    ...overrides,
  };
}

/** What the company form sends back: the company as read, minus what only the server writes. */
export function asForm<T extends Record<string, unknown>>(company: T) {
  const {
    id: _id,
    reference_number: _r,
    avatar_url: _a,
    archived_at: _ar,
    inserted_at: _i,
    updated_at: _u,
    ...rest
  } = company;
  return structuredClone(rest);
}
