// The server's one logger (pino, as Fastify uses it), made before the app so that background work
// and the payment provider log through it too. Whatever a caller passes, secrets stay out of it.
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import type { Config } from '../config';
import { safeLogOptions } from './log-settings';

/** Pino options (with `stream`, where the lines go), or false to stay quiet (tests). */
export type LoggerSettings = boolean | (LoggerOptions & { stream?: Writable });

export function createLogger(config: Pick<Config, 'logLevel'>, settings: LoggerSettings = true): FastifyBaseLogger {
  if (settings === false) return pino({ level: 'silent' });
  const { stream, ...options } = typeof settings === 'object' ? settings : {};
  return pino({ level: config.logLevel, ...options, ...safeLogOptions }, stream);
}
