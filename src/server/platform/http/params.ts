import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a string PostgreSQL's uuid type accepts in its canonical form. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A UUID path parameter. Anything else cannot name a record, so it is a 404 like an unknown id, and never
 * reaches PostgreSQL (which would reject it with an error that is not the client's business).
 */
export function uuidParam(request: FastifyRequest, name = 'id'): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !UUID.test(value)) throw notFound();
  return value.toLowerCase();
}
