import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyEvent } from '../../shared/events';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import { EventModal } from './event-modal';
import { today } from '../components/day';
import { formatDay } from '../components/day';

const COMPANY = '33333333-3333-4333-8333-333333333333';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (body: Record<string, unknown>) => Response;

beforeEach(async () => {
  await setLocale('en');
  answer = (body) => json(201, { data: { id: 'e1', ...body }, meta: {} });
  fetchMock = vi.fn(async (_input: string, init?: RequestInit) => answer(JSON.parse(String(init?.body ?? '{}'))));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(event?: CompanyEvent) {
  const onClose = vi.fn();
  renderWithApp(<EventModal opened onClose={onClose} companyId={COMPANY} event={event} />);
  return { onClose, dialog: screen.getByRole('dialog') };
}

async function chooseCategory(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Category/ }));
  // Mantine's dropdown is still in its opening transition in jsdom: its options count as hidden.
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

describe('EventModal', () => {
  it('says what is required on save, sends nothing, and starts on today', async () => {
    const { dialog } = renderModal();
    // Today, in the app's language (English here), whatever the browser's.
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue(formatDay(today(), 'en'));
    expect(within(dialog).queryByText('Field is required')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Field is required')).toHaveLength(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers every category but system', async () => {
    const { dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Category/ }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Technical help', 'Start-up', 'Funding', 'Project', 'Collection', 'Follow-up', 'Other']);
  });

  it('sends the event in snake_case and closes', async () => {
    const { dialog, onClose } = renderModal();
    await chooseCategory(dialog, 'Funding');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), '  Loan granted ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'At 5 %');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^/api/companies/${COMPANY}/events\\?locale=en$`));
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      category_slug: 'funding',
      title: 'Loan granted',
      date: today(),
      notes: 'At 5 %',
    });
  });

  it('keeps everything typed when the server refuses, and shows its messages on the fields', async () => {
    answer = () =>
      json(422, {
        errors: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          detail: { title: ['Already taken'] },
        },
      });
    const { dialog, onClose } = renderModal();
    await chooseCategory(dialog, 'Other');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Visit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Already taken')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Visit');
    expect(within(dialog).getByRole('combobox', { name: /Category/ })).toHaveValue('Other');
  });

  // The API refuses the system category with a 422 on category_slug; the modal puts it on the
  // Category field (described by it, marked invalid), not in a toast alone.
  it('shows the refused category on the Category field', async () => {
    const message = 'The system category is reserved for events recorded by the application';
    answer = () =>
      json(422, {
        errors: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          detail: { category_slug: [message] },
        },
      });
    const { dialog, onClose } = renderModal();
    await chooseCategory(dialog, 'Funding');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Loan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const category = within(dialog).getByRole('combobox', { name: /Category/ });
    await waitFor(() => expect(category).toHaveAccessibleDescription(message));
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits an event with its values, sent with PATCH', async () => {
    answer = (body) => json(200, { data: { id: 'e1', ...body }, meta: {} });
    const event: CompanyEvent = {
      id: '44444444-4444-4444-8444-444444444444',
      companyId: COMPANY,
      categorySlug: 'project',
      title: 'Plan',
      code: null,
      date: '2024-03-01',
      notes: null,
      authorId: null,
      authorName: null,
      details: null,
      insertedAt: '2024-03-01T10:00:00Z',
      updatedAt: '2024-03-01T10:00:00Z',
    };
    const { dialog, onClose } = renderModal(event);
    expect(within(dialog).getByRole('combobox', { name: /Category/ })).toHaveValue('Project');
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('March 1, 2024');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), ' B');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain(`/events/${event.id}?`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toMatchObject({ category_slug: 'project', title: 'Plan B', notes: null });
  });
});
