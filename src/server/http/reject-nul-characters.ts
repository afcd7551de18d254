// PostgreSQL text cannot hold a NUL character (U+0000): one in a field or a query would reach the
// database and fail there as a server error. No one types it, so it is refused at the door, in
// every route's query, parameters and JSON body alike, before any schema or handler sees it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
    throw new AppError('NUL_CHARACTER');
  }
}

export function installNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', rejectNulCharacters);
}
