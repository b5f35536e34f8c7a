import { describe, expect, it } from 'vitest';
import { USER_EVENT_CATEGORY_SLUGS } from './events';
import { eventSchema } from './schemas/event';

describe('eventSchema (docs/SPEC.md §5 Event)', () => {
  it('requires category, title and date, and refuses the system category', () => {
    const result = eventSchema.safeParse({ categorySlug: '', title: ' ', date: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['categorySlug', 'errors.validations.required'],
      ['title', 'errors.validations.required'],
      ['date', 'errors.validations.required'],
    ]);
    const system = eventSchema.safeParse({ categorySlug: 'system', title: 'x', date: '2024-01-01' });
    expect(system.error?.issues.map((i) => i.message)).toEqual(['events.errors.systemCategory']);
    expect(USER_EVENT_CATEGORY_SLUGS).not.toContain('system');
  });

  it('trims, and reads blank notes as none', () => {
    expect(eventSchema.parse({ categorySlug: 'other', title: ' Visite ', date: '2024-02-29', notes: '  ' })).toEqual({
      categorySlug: 'other',
      title: 'Visite',
      date: '2024-02-29',
      notes: null,
    });
    expect(eventSchema.safeParse({ categorySlug: 'other', title: 'x', date: '2023-02-29' }).success).toBe(false);
  });
});
