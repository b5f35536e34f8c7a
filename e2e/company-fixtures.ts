import type { Page } from '@playwright/test';
import { callApi } from './fixtures';

/** A small but complete PDF (one blank page, a correct xref table), built here so the test owns its bytes. */
export function pdfFile(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A company of its own, created through the API with the signed-in user's token, made current. */
export async function createCurrentCompany(page: Page, name: string): Promise<string> {
  return page.evaluate(async (companyName) => {
    const token = localStorage.getItem('token');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    };
    const first = async (path: string) => ((await call('GET', path)) as Array<{ id: string }>)[0]!.id;
    const company = await call('POST', '/companies', {
      name: companyName,
      legal_form_id: await first('/legal_forms'),
      status_id: await first('/statuses'),
      activity_area_id: await first('/activity_areas'),
      address: { address: '1, rue Principale', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
    });
    localStorage.setItem('currentCompanyId', company.id);
    return company.id as string;
  }, name);
}

export interface CreatedCompany {
  id: string;
  name: string;
  financial_contributions: Array<{ id: string }>;
  lock_version: number;
}

/**
 * A company created through the API with the first status, legal form, activity area and municipality;
 * `fields` (wire keys, snake_case) add to or replace them. Not made current.
 */
export async function createCompany(
  page: Page,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<CreatedCompany> {
  const first = async (path: string) => (await callApi<Array<{ id: string }>>(page, 'GET', path))[0]!.id;
  return callApi<CreatedCompany>(page, 'POST', '/companies', {
    name,
    legal_form_id: await first('/legal_forms'),
    status_id: await first('/statuses'),
    activity_area_id: await first('/activity_areas'),
    address: { address: '1, rue Principale', zip_code: 'G5L 1A1', municipality_id: await first('/municipalities') },
    ...fields,
  });
}
