import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';

export type Extraction =
  | { status: 'indexed'; text: string }
  | { status: 'no_text' }
  | { status: 'failed'; reason: 'encrypted' | 'unreadable' | 'too_large' | 'timeout' | 'out_of_memory' };

export interface ExtractionLimits {
  /** Wall time for one file; past it the process is killed (a PDF made to loop or to inflate). */
  timeoutMs: number;
  /**
   * Memory of the extraction process: its data segment (RLIMIT_DATA), which holds the JavaScript heap and
   * every buffer pdf.js allocates outside it (a decoded stream). Past it allocations fail and the process
   * dies; the server's own memory is never touched.
   */
  maxMemoryMb: number;
  /** The JavaScript heap within that memory, so that a heap filled by text objects fails first, with a clear error. */
  maxHeapMb: number;
  /** Text kept: past it the file is "too large" (1 M characters ≈ 400 dense pages). */
  maxChars: number;
  maxPages: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 30_000,
  maxMemoryMb: 512,
  maxHeapMb: 256,
  maxChars: 1_000_000,
  maxPages: 2_000,
};

const PROCESS_SCRIPT = fileURLToPath(new URL('./pdf-text-process.mjs', import.meta.url));

/**
 * The limits are set by the shell that then becomes node (`exec`), so they hold from the process's first
 * instruction. `ulimit -t` (CPU seconds) also ends a process whose parent died before killing it.
 */
const WITH_LIMITS = 'ulimit -d "$1" && ulimit -t "$2" && shift 2 && exec "$@"';

/** The lowest scheduling priority (nice 19). */
const BACKGROUND_PRIORITY = 19;

/** What the process may answer: one JSON line; anything longer than the kept text allows is not an answer. */
const answerLimitBytes = (limits: ExtractionLimits) => limits.maxChars * 4 + 1024;

/**
 * The text layer of a PDF, read by a separate process with bounded memory and time (docs/decisions/0023,
 * amended by 0034). A hostile or huge file costs that process at most `maxMemoryMb` and `timeoutMs`, and the
 * memory goes back to the system when it ends: the server holds only the file's bytes and the text.
 */
export function extractPdfText(bytes: Uint8Array, limits: ExtractionLimits = EXTRACTION_LIMITS): Promise<Extraction> {
  return new Promise((resolve) => {
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        WITH_LIMITS,
        'pdf-text',
        String(limits.maxMemoryMb * 1024),
        String(Math.ceil(limits.timeoutMs / 1000) + 5),
        process.execPath,
        `--max-old-space-size=${limits.maxHeapMb}`,
        '--max-semi-space-size=16',
        PROCESS_SCRIPT,
        String(limits.maxChars),
        String(limits.maxPages),
      ],
      // Nothing of the server's environment (its secrets, its database address) reaches a process that
      // parses a stranger's file. pdf.js writes warnings about odd files on stdout: they are not the server's log.
      { env: {}, stdio: ['pipe', 'ignore', 'pipe', 'pipe'] },
    );
    // Background work: the requests come first when they want the same core.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Gone already: its exit says why.
      }
    }
    let settled = false;
    let timedOut = false;
    const answer: Buffer[] = [];
    let answerBytes = 0;
    let errors = '';
    const settle = (outcome: Extraction) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      settle({ status: 'failed', reason: 'timeout' });
    }, limits.timeoutMs);

    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      answerBytes += chunk.length;
      if (answerBytes > answerLimitBytes(limits)) settle({ status: 'failed', reason: 'too_large' });
      else answer.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      // The last words are enough to tell a memory failure.
      errors = (errors + chunk.toString('utf8')).slice(-4096);
    });
    // A process that dies before reading all of its input closes the pipe: the exit says why.
    (child.stdin as Writable).on('error', () => undefined);
    child.on('error', () => settle({ status: 'failed', reason: 'unreadable' }));
    child.on('close', (code, signal) => {
      if (code === 0) {
        try {
          settle(JSON.parse(Buffer.concat(answer).toString('utf8')) as Extraction);
          return;
        } catch {
          // No answer, or half of one: the process did not finish its work.
        }
      }
      if (timedOut || signal === 'SIGXCPU') return settle({ status: 'failed', reason: 'timeout' });
      // Killed by a signal it did not get from us (SIGSEGV, SIGABRT when an allocation fails at the limit),
      // or V8's own report of a full heap: memory.
      const outOfMemory = signal !== null || /out of memory|allocation failed/i.test(errors);
      settle({ status: 'failed', reason: outOfMemory ? 'out_of_memory' : 'unreadable' });
    });
    child.stdin!.end(bytes);
  });
}
