import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { CmsError, ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';

/** Strapi's `ForbiddenError` message, which the plugin's refusals carry. */
export const FORBIDDEN_ACCESS = 'Forbidden access';

/** An error Apollo answers before running anything: its HTTP status, and Apollo's `extensions.code`. */
export class GraphqlRequestError extends GraphQLError {
  constructor(
    message: string, readonly status: number, code: string, readonly headers: Record<string, string> = {}, nodes?: GraphQLError['nodes'],
  ) {
    super(message, { nodes, extensions: { code } });
  }
}

/** `NotFoundError` → `STRAPI_NOT_FOUND_ERROR` (lodash snakeCase, upper). */
const codeOf = (name: string) => `STRAPI_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

function strapiError(error: CmsError): Record<string, unknown> {
  return { name: error.name, message: error.message, details: error.details ?? {} };
}

const isNonNullViolation = (error: unknown) => error instanceof Error && error.constructor === Error
  && Object.keys(error).length === 0 && error.message.startsWith('Cannot return null for non-nullable field ');

/**
 * One error as the plugin formats it (format-graphql-error.ts over Apollo's formatting): Strapi's errors carry
 * `extensions.error` `{ name, message, details }` and a code (`FORBIDDEN`, `BAD_USER_INPUT`, `STRAPI_<NAME>`);
 * GraphQL's own errors keep theirs; anything else is an `Internal Server Error`.
 *
 * @example
 * formatError(locatedError(new ForbiddenError('Forbidden access'), nodes, path)).extensions // { error: {...}, code: 'FORBIDDEN' }
 */
export function formatError(error: GraphQLError, log: (message: string) => void): GraphQLFormattedError {
  const formatted = error.toJSON();
  const extensions = { ...formatted.extensions };
  extensions.code ??= 'INTERNAL_SERVER_ERROR';
  const original = error.path !== undefined && error.originalError ? error.originalError : error;
  if (original instanceof CmsError) {
    // Strapi's PolicyError is a ForbiddenError
    const forbidden = original instanceof ForbiddenError || original instanceof UnauthorizedError || original.name === 'PolicyError';
    const code = forbidden ? 'FORBIDDEN'
      : original instanceof ValidationError ? 'BAD_USER_INPUT' : codeOf(original.name);
    // the plugin rebuilds the error from Apollo's formatted one, and GraphQLError takes no `locations` option: they go
    const rebuilt: GraphQLFormattedError = { message: original.message };
    if (formatted.path) Object.assign(rebuilt, { path: formatted.path });
    return { ...rebuilt, extensions: { ...extensions, error: strapiError(original), code } };
  }
  if (original instanceof GraphQLError) return { ...formatted, extensions };
  // graphql-js's own completion error (a required field a stored document lacks): the plugin's lodash `isEmpty` sees
  // a bare Error as empty and answers Apollo's formatting of it, message, locations and path kept
  if (isNonNullViolation(original)) return { ...formatted, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  log(`[cms] graphql: ${(original as Error)?.stack ?? String(original)}`);
  return {
    message: 'Internal Server Error',
    extensions: { error: { name: (original as Error)?.name, message: (original as Error)?.message }, code: 'INTERNAL_SERVER_ERROR' },
  };
}
