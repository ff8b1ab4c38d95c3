import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorBody, type ErrorCode, isErrorCode, statusOf } from '@vestibule/shared';
import { pickLocale, translate } from '@vestibule/shared/i18n';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { AppError } from '../errors.ts';

/** How long a client waits before sending again a request the database could not take. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

type Issue = NonNullable<ErrorBody['issues']>[number];

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The catalogue code that best says what is wrong with one field. */
function codeOfIssue(issue: ValidationIssue, context: string | undefined): ErrorCode {
  const params = issue.params ?? {};
  const carried = (params.params as { errorCode?: unknown } | undefined)?.errorCode;
  if (issue.keyword === 'custom' && isErrorCode(carried)) return carried;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) return 'MISSING';
  if (issue.keyword === 'too_small' && params.origin === 'string' && params.minimum === 1) return 'IS_EMPTY';
  if (issue.keyword === 'invalid_format' && params.format === 'email') return 'EMAIL_IS_NOT_VALID';
  if (issue.keyword === 'invalid_format' && params.format === 'uuid') return 'ID_MALFORMED';
  if (context === 'params') return 'ID_MALFORMED';
  if (context === 'querystring' && issue.instancePath === '/query') return 'ERROR_WITH_FILTER';
  return 'VALIDATION_FAILED';
}

export function errorBody(
  request: FastifyRequest,
  errorCode: ErrorCode,
  params?: Record<string, string | number>,
  issues?: Issue[],
): ErrorBody {
  const locale = pickLocale(request.headers['accept-language']);
  const body: ErrorBody = { errorCode, msg: translate(locale, `errors.${errorCode}`, params) };
  if (params) body.params = params;
  if (issues) body.issues = issues;
  return body;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  errorCode: ErrorCode,
  params?: Record<string, string | number>,
  status?: number,
): FastifyReply {
  return reply.code(status ?? statusOf(errorCode)).send(errorBody(request, errorCode, params));
}

/**
 * One error handler for the whole server: every refusal answers `{errorCode, msg, params?}`
 * with the catalogue's status; bad input is a 400 with a code, never a 500; a 500 carries
 * no stack trace or message from the fault.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.errorCode, error.params, error.status);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const issues: Issue[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const errorCode = codeOfIssue(issue, context);
        return { path, errorCode, message: issue.message ?? errorCode };
      });
      const first = issues[0];
      const errorCode = first?.errorCode ?? 'VALIDATION_FAILED';
      const field = first?.path || context || 'body';
      // A cross-field rule may carry a code of its own status (still a refusal of the input).
      const status = statusOf(errorCode) >= 400 ? statusOf(errorCode) : 400;
      return reply.code(status).send(errorBody(request, errorCode, { field }, issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause, url: error.url }, 'response does not match its schema');
      return sendError(request, reply, 'INTERNAL_ERROR');
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, 'MALFORMED_JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(request, reply, 'UNSUPPORTED_MEDIA_TYPE');
      case 'FST_ERR_VALIDATION':
        return sendError(request, reply, 'VALIDATION_FAILED', { field: error.validationContext ?? 'body' });
      default:
        break;
    }
    // PostgreSQL's data exceptions (class 22: bad encoding, out of range, bad date, too long)
    // are caused by input that slipped past validation: a refusal, never a 500.
    if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 'SERVICE_UNAVAILABLE');
    }
    if (error.statusCode === 429) return sendError(request, reply, 'TOO_MANY_REQUESTS');
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(
        request,
        reply,
        error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
        undefined,
        error.statusCode,
      );
    }
    request.log.error({ err: error }, 'unexpected fault');
    return sendError(request, reply, 'INTERNAL_ERROR');
  });
});
