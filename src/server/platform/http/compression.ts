import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers are compressed when it pays (ADR 0019): from 1 kB on — below that an answer already fits
 * in one TCP packet and compressing it only costs CPU — with Brotli at quality 3 when the client
 * accepts it, else gzip at level 6. At these levels a page of companies shrinks ~5× for ~0.05 ms of CPU;
 * quality 4 took twice that for 1 % fewer bytes, once the rest of a request had become cheap (ADR 0029,
 * ADR 0019). Brotli's default (11) is for files compressed once at build time, not per request.
 */
export const API_COMPRESSION = {
  thresholdBytes: 1024,
  syncThresholdBytes: 128 * 1024,
  brotliQuality: 3,
  gzipLevel: 6,
} as const;

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    globalCompression: true,
    // Request bodies stay plain: a compressed body could expand far beyond the body limit.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION.thresholdBytes,
    // Answers up to 128 kB (a list page is 2-12 kB, a loan's schedule of 120 rows 44 kB) are compressed in
    // place: Brotli 3 took 0.47 ms for 55 kB of JSON on this machine under load. The plugin's default on two
    // cores (8 kB) sends larger ones through a stream and zlib's thread pool, where they queue behind the
    // argon2 hashing of sign-ins, and the stream's handling cost the main thread more than the compression
    // itself (ADR 0046).
    syncThreshold: API_COMPRESSION.syncThresholdBytes,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
  });
}
