import { schemaRef } from './openapi-schemas.js';

/**
 * Small builders every group of OpenAPI paths shares: a JSON body, an answer, the Strapi error
 * answers by status and a reference to a shared query parameter.
 */

export type Operation = Record<string, unknown>;
export type PathItem = Record<string, Operation | unknown[]>;

export const json = (schema: unknown) => ({ 'application/json': { schema } });
export const answer = (description: string, schema?: unknown) => (schema ? { description, content: json(schema) } : { description });
const ERRORS: Record<string, string> = {
  400: 'ValidationError: an unknown key, an invalid value or query (details name the path)',
  401: 'UnauthorizedError: a bad or expired Bearer token',
  403: 'ForbiddenError: the caller may not do this',
  404: 'NotFoundError',
  429: 'TooManyRequestsError: the auth rate limit',
};
export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [
  String(status), answer(ERRORS[status], schemaRef('Error')),
]));
export const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
