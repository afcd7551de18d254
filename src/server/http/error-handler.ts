// The one place that turns a failure into a response (spec section 8's error body).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, appErrors, errorMessages, type ErrorBody, type ErrorCodeWithMessage, type FieldError } from '../../domain/errors';

// The database is gone or restarting, or (40P01 deadlock, 40001 serialization failure) it gave up
// on this transaction to let another finish: in every case the change was not made and trying
// again shortly works.
const databaseUnavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08000', '08001', '08003', '08006', '40P01', '40001']);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && databaseUnavailableCodes.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's own refusals, each as the code that says what happened (the list gives status and words). */
const fastifyClientErrors: Record<string, ErrorCodeWithMessage> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'RATE_LIMITED',
};

/**
 * The multipart parser's own failures (a body cut short, no boundary, a broken part header): the
 * client sent a malformed upload, which is its mistake to mend, not ours.
 */
const multipartParserFailure = /multipart|part header|unexpected end of (form|file)/i;

function isMalformedUpload(error: Error, contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('multipart/') && multipartParserFailure.test(error.message);
}

function describeValidation(error: { validation: { instancePath: string; message?: string }[] }): ErrorBody {
  const fieldErrors: FieldError[] = error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  const first = fieldErrors[0];
  const message = first.path === '' ? 'The request must be a JSON object with the expected fields.' : first.message;
  return { message, code: 'VALIDATION_FAILED', fieldErrors };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const send = (answer: AppError) => reply.code(answer.status).send(answer.toBody());
    if (error instanceof AppError) return send(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(appErrors.VALIDATION_FAILED.status).send(describeValidation(error));
    }
    const fastifyError = error as FastifyError;
    const known = fastifyError.code ? fastifyClientErrors[fastifyError.code] : undefined;
    if (known) return send(new AppError(known));
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // A client error from a plugin (a malformed header, an unsupported method...): say what it was.
      return reply
        .code(fastifyError.statusCode)
        .send({ message: fastifyError.message || errorMessages.malformedJson, code: 'VALIDATION_FAILED' } satisfies ErrorBody);
    }
    if (isMalformedUpload(error, request.headers['content-type'])) {
      return send(new AppError('MALFORMED_UPLOAD'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(new AppError('UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(new AppError('INTERNAL'));
  });
}
