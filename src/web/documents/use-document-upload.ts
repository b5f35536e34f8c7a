import { useEffect, useRef, useState } from 'react';
import { isDocumentFileType } from '../../shared/documents';
import { ApiError } from '../api/client';
import { uploadDocumentFile } from './api';

export type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'done'; key: string }
  /** `message`: the server's own reason, when it refused the upload URL (too many uploads waiting…). */
  | { state: 'failed'; message?: string };

/**
 * The document modal's upload (docs/SPEC.md §4): the chosen file goes to storage at once, with its progress, so that
 * the save only names it. One upload at a time: a newer choice, `cancel()` or closing the modal stops the one
 * in flight, which nobody will save.
 */
export function useDocumentUpload() {
  const [state, setState] = useState<UploadState>({ state: 'idle' });
  /** The upload in flight or done, for the file currently chosen. */
  const current = useRef<{ controller: AbortController; promise: Promise<string> } | null>(null);

  useEffect(() => () => current.current?.controller.abort(), []);

  function start(file: File): Promise<string> {
    current.current?.controller.abort();
    const controller = new AbortController();
    setState({ state: 'uploading', percent: 0 });
    const type = isDocumentFileType(file.type) ? file.type : 'application/pdf';
    const promise = uploadDocumentFile(
      file,
      type,
      (percent) => {
        if (!controller.signal.aborted) setState({ state: 'uploading', percent });
      },
      controller.signal,
    );
    current.current = { controller, promise };
    promise.then(
      (key) => {
        if (!controller.signal.aborted) setState({ state: 'done', key });
      },
      (error: unknown) => {
        const message = error instanceof ApiError && error.body.message ? error.body.message : undefined;
        if (!controller.signal.aborted) setState({ state: 'failed', message });
      },
    );
    return promise;
  }

  /** Forgets the upload: another file was chosen, or the server refused the save (and deleted the upload). */
  function cancel(): void {
    current.current?.controller.abort();
    current.current = null;
    setState({ state: 'idle' });
  }

  /** The storage key of the chosen file: the finished upload, the one in flight, or a new one. */
  async function keyOf(file: File): Promise<string> {
    if (state.state === 'done') return state.key;
    if (current.current && state.state === 'uploading') return current.current.promise;
    return start(file);
  }

  return { ...state, start, cancel, keyOf };
}
