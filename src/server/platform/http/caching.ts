import type { FastifyInstance } from 'fastify';
import { accessOf } from '../auth/plugin';

/**
 * API answers hold personal data and session tokens: no cache, shared or the browser's, keeps them (ADR 0034
 * §8). Every answer under the API is `no-store`, whatever its status, unless a public route chose its own
 * caching (files behind signed URLs, the reference page's scripts); a signed-in route's answer is `no-store`
 * whatever it set.
 */
export function registerNoStore(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return payload;
    if (accessOf(request) !== 'public' || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
