import { describe, expect, it } from 'vitest';
import { leafKeys, catalogs } from '../i18n';
import { COMPANY_MAPS as MAPS, companySchema, emptyCompany } from './company';
import { largestCompany } from './company-size';
import { emptyFormOf, historyFields, labelsOf, type FieldsMatchColumns } from './record-fields';

describe('the company field maps', () => {
  it('label every field the history follows with a message of both catalogs', () => {
    const en = new Set(leafKeys(catalogs.en));
    const fr = new Set(leafKeys(catalogs.fr));
    for (const [name, map] of Object.entries(MAPS)) {
      for (const label of labelsOf(map)) {
        expect(en.has(label), `${name}: ${label}`).toBe(true);
        expect(fr.has(label), `${name}: ${label}`).toBe(true);
      }
    }
  });

  it('follow every field but the block type, which names its block instead', () => {
    for (const [name, map] of Object.entries(MAPS)) {
      const followed = historyFields(map).map(([key]) => key);
      const expected = Object.keys(map).filter((key) => !(name === 'block' && key === 'blockType'));
      expect(followed, name).toEqual(expected);
    }
  });

  it('start a blank form with every field of its map', () => {
    const blank = emptyCompany();
    expect(Object.keys(blank)).toEqual(expect.arrayContaining(Object.keys(MAPS.company)));
    expect(Object.keys(emptyFormOf(MAPS.owner))).toEqual(Object.keys(MAPS.owner));
  });

  it('write a largest company that the schema accepts, with every field of every map', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const largest = largestCompany('é', { lookup: id, fund: id, municipality: id });
    expect(companySchema.safeParse(largest).success).toBe(true);
    expect(Object.keys(largest)).toEqual(expect.arrayContaining(Object.keys(MAPS.company)));
    expect(Object.keys(largest.owners[0]!)).toEqual(Object.keys(MAPS.owner));
    expect(Object.keys(largest.financialContributions[0]!)).toEqual(Object.keys(MAPS.contribution));
  });

  it('make the typecheck name a field without its column and a column without its field', () => {
    const matches: FieldsMatchColumns<{ a: unknown }, { id: string; a: string }, 'id'> = true;
    // @ts-expect-error: `b` has no column.
    const fieldWithoutColumn: FieldsMatchColumns<{ a: unknown; b: unknown }, { id: string; a: string }, 'id'> = true;
    // @ts-expect-error: the column `c` has no field.
    const columnWithoutField: FieldsMatchColumns<{ a: unknown }, { id: string; a: string; c: string }, 'id'> = true;
    expect([matches, fieldWithoutColumn, columnWithoutField]).toEqual([true, true, true]);
  });
});
