import { Worker } from 'node:worker_threads';

export type Extraction =
  | { status: 'indexed'; text: string }
  | { status: 'no_text' }
  | { status: 'failed'; reason: 'encrypted' | 'unreadable' | 'too_large' | 'timeout' | 'out_of_memory' };

export interface ExtractionLimits {
  /** Wall time for one file; past it the worker is terminated (a PDF made to loop or to inflate). */
  timeoutMs: number;
  /** Heap of the worker: a zip bomb runs out of it and the worker dies, not the server. */
  maxHeapMb: number;
  /** Text kept: past it the file is "too large" (1 M characters ≈ 400 dense pages). */
  maxChars: number;
  maxPages: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 30_000,
  maxHeapMb: 256,
  maxChars: 1_000_000,
  maxPages: 2_000,
};

const WORKER_URL = new URL('./pdf-text-worker.mjs', import.meta.url);

/**
 * The text layer of a PDF, read in a worker thread with bounded memory and time, so that a hostile or
 * huge file costs at most one thread for `timeoutMs` and never the server's heap or event loop.
 */
export function extractPdfText(bytes: Uint8Array, limits: ExtractionLimits = EXTRACTION_LIMITS): Promise<Extraction> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes).buffer;
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: copy, maxChars: limits.maxChars, maxPages: limits.maxPages },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (outcome: Extraction) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ status: 'failed', reason: 'timeout' }), limits.timeoutMs);
    // pdf.js warns on the console about odd files; those warnings are not the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (outcome: Extraction) => settle(outcome));
    worker.on('error', (error: Error & { code?: string }) =>
      settle({
        status: 'failed',
        reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out_of_memory' : 'unreadable',
      }),
    );
    worker.on('exit', () => settle({ status: 'failed', reason: 'unreadable' }));
  });
}
