import { describe, expect, it } from 'vitest';
import { camelKeys, snakeKeys, snakePath } from './case';

describe('key conversion', () => {
  it('turns nested camelCase into snake_case and back without touching values', () => {
    const value = { firstName: 'Émile', owners: [{ phoneNumber: '418', sharesPercentage: 5 }], insertedAt: 'x' };
    const wire = snakeKeys(value);
    expect(wire).toEqual({
      first_name: 'Émile',
      owners: [{ phone_number: '418', shares_percentage: 5 }],
      inserted_at: 'x',
    });
    expect(camelKeys(wire)).toEqual(value);
  });

  it('leaves non-plain values alone', () => {
    const date = new Date(0);
    expect(snakeKeys({ someDate: date })).toEqual({ some_date: date });
    expect(snakeKeys(null)).toBeNull();
  });

  it('writes detail field paths in snake_case', () => {
    expect(snakePath(['owners', 0, 'phoneNumber'])).toBe('owners.0.phone_number');
    expect(snakePath(['address', 'zipCode'])).toBe('address.zip_code');
  });
});
