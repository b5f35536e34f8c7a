import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentCategory } from '../../shared/companies';
import { renderWithApp } from '../test/render';
import { setLocale } from '../i18n';
import { DocumentModal } from './document-modal';

const CATEGORIES: DocumentCategory[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Legal',
    parentId: null,
    children: [
      {
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Resolutions',
        parentId: '11111111-1111-4111-8111-111111111111',
        children: [],
      },
    ],
  },
];
const COMPANY = '33333333-3333-4333-8333-333333333333';

/** A stand-in for the browser's XMLHttpRequest whose progress and end the test drives. */
class FakeXhr {
  static all: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.all.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let presigned = 0;

beforeEach(async () => {
  await setLocale('en');
  FakeXhr.all = [];
  presigned = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/assets/s3_presigned_url') {
      presigned += 1;
      return json(200, {
        data: {
          url: `/api/storage/key-${presigned}.pdf?signature=x`,
          unique_file_name: `key-${presigned}.pdf`,
          content_type: 'application/pdf',
        },
        meta: {},
      });
    }
    throw new Error(`unexpected fetch ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(onClose = vi.fn()) {
  renderWithApp(
    <DocumentModal opened onClose={onClose} companyId={COMPANY} document={undefined} categories={CATEGORIES} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'New document' });
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  return { dialog, input, onClose };
}

const pdf = (name = 'Annual report.pdf', size?: number) => {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('document modal', () => {
  it('refuses an 11 MB file and a wrong type at once, with docs/SPEC.md §5 messages, without uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = renderModal();
    await user.upload(input, pdf('big.pdf', 11 * 1024 * 1024));
    expect(await within(dialog).findByText('The file must be at most 10 MB')).toBeInTheDocument();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('The file must be one of: application/pdf, image/jpeg')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.all).toHaveLength(0);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('uploads a chosen PDF with real progress, names the document after it, keeps everything typed when the save is refused', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input, onClose } = renderModal();
    await user.upload(input, pdf());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers['content-type']).toBe('application/pdf');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Annual report');

    act(() => xhr.progress(40, 100));
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload of Annual report.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    act(() => xhr.finish(200));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(within(dialog).getByText('Uploaded')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    // The dropdown is mid-transition in jsdom (no layout), hence `hidden`.
    await user.click(await screen.findByRole('option', { name: 'Resolutions', hidden: true }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Rapport typé');

    fetchMock.mockImplementationOnce(async (input: string, init: RequestInit) => {
      expect(new URL(input, 'http://app.test').pathname).toBe(`/api/companies/${COMPANY}/documents`);
      expect(JSON.parse(String(init.body))).toMatchObject({
        name: 'Rapport typé',
        category_id: '22222222-2222-4222-8222-222222222222',
        file_name: 'key-1.pdf',
        file_type: 'application/pdf',
        file_size: 13,
      });
      return json(422, {
        errors: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          detail: { file_type: ['The file must be one of: application/pdf, image/jpeg'] },
        },
      });
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The file must be one of: application/pdf, image/jpeg')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Rapport typé');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('Resolutions');
    expect(onClose).not.toHaveBeenCalled();

    // The refused upload was deleted by the server: another file is uploaded afresh.
    await user.upload(input, pdf('Other.pdf'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Rapport typé');
  });

  it('says why the server refused the upload URL (too many uploads waiting), under the file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const message =
      '20 files were uploaded without being saved with a document or a company. Save them first, or try again tomorrow: unsaved files are removed after a day.';
    fetchMock.mockImplementationOnce(async () => json(422, { errors: { code: 'too_many_pending_uploads', message } }));
    const { dialog, input } = renderModal();
    await user.upload(input, pdf());
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(
      within(dialog).queryByText('The file could not be uploaded. Choose it again to retry.'),
    ).not.toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
  });

  it.each([
    ['en', 'New document', 'Name', 'big.pdf (10.4 MB)', 'The file must be at most 10 MB'],
    ['fr', 'Nouveau document', 'Nom', 'big.pdf (10,4 Mo)', 'Le fichier doit faire au plus 10 Mo'],
  ] as const)(
    '[%s] shows a file over 10 MB at its real size, and does not take its name',
    async (locale, title, nameLabel, chosen, tooLarge) => {
      await setLocale(locale);
      const user = userEvent.setup({ applyAccept: false });
      renderWithApp(
        <DocumentModal opened onClose={vi.fn()} companyId={COMPANY} document={undefined} categories={CATEGORIES} />,
      );
      const dialog = screen.getByRole('dialog', { name: title });
      const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
      await user.upload(input, pdf('big.pdf', Math.round(10.4 * 1024 * 1024)));
      expect(await within(dialog).findByText(tooLarge)).toBeInTheDocument();
      expect(within(dialog).getByTestId('chosen-file')).toHaveTextContent(chosen);
      expect(within(dialog).getByRole('textbox', { name: nameLabel })).toHaveValue('');
      expect(FakeXhr.all).toHaveLength(0);
    },
  );

  it('forgets the name a good file suggested when a refused one replaces it, but keeps a typed name', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = renderModal();
    const name = () => within(dialog).getByRole('textbox', { name: 'Name' });
    await user.upload(input, pdf('Bilan.pdf'));
    expect(name()).toHaveValue('Bilan');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('The file must be one of: application/pdf, image/jpeg')).toBeInTheDocument();
    expect(name()).toHaveValue('');

    await user.type(name(), 'Mon nom');
    await user.upload(input, pdf('huge.pdf', 11 * 1024 * 1024));
    expect(await within(dialog).findByText('The file must be at most 10 MB')).toBeInTheDocument();
    expect(name()).toHaveValue('Mon nom');
  });

  it('forgets the name of a file the server refuses', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog, input } = renderModal();
    await user.upload(input, pdf('Faux.pdf'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0]!.finish(200));
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Resolutions', hidden: true }));
    fetchMock.mockImplementationOnce(async () =>
      json(422, {
        errors: {
          code: 'validation_failed',
          message: 'Some fields are invalid.',
          detail: { file_type: ['The file must be one of: application/pdf, image/jpeg'] },
        },
      }),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Faux');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The file must be one of: application/pdf, image/jpeg')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
