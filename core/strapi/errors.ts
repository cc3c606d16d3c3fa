import { CmsError, ServiceUnavailableError } from '../errors.js';

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details?: unknown };
}

/**
 * Any error → Strapi's envelope `{ data: null, error: { status, name, message, details } }`.
 * Unknown errors become a 500 without details, as Strapi does; their text is never exposed.
 */
/** Errors a client sees as themselves: every 4xx, and the 503 a replica answers when the remote cannot be reached in time. */
const shown = (error: unknown): error is CmsError =>
  error instanceof CmsError && (error.status < 500 || error instanceof ServiceUnavailableError);

export function toErrorBody(error: unknown): ErrorBody {
  if (shown(error)) {
    const body: ErrorBody = { data: null, error: { status: error.status, name: error.name, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    return body;
  }
  return { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } };
}

export function errorStatus(error: unknown): number {
  return shown(error) ? error.status : 500;
}
