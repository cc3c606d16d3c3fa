import pg from 'pg';
import { CmsError, ServiceUnavailableError } from '../errors.js';

/** Socket errors of a server that is down, restarting or out of reach. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

/**
 * Whether an error of the PostgreSQL driver means the server could not be reached or went away (a connection
 * refused or dropped, a timeout, SQLSTATE classes 08 and 57P: shutting down, cannot connect now), as opposed to a
 * refusal of ours or a real fault of a query.
 *
 * @example
 * isUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) // true
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof CmsError || !(error instanceof Error)) return false;
  if (error instanceof pg.DatabaseError) return /^(08|57P)/.test(error.code ?? '');
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return NETWORK_CODES.has(code);
  // The driver's own, without a code: "Connection terminated unexpectedly", "timeout exceeded when trying to connect".
  return /connection|connect|terminated|timeout/i.test(error.message);
}

/** Strapi's 503 envelope for a change of users or tokens while PostgreSQL cannot take it; the client may retry. */
export const stateStoreUnavailable = (): ServiceUnavailableError =>
  new ServiceUnavailableError('The user and token store (PostgreSQL) cannot be reached; try again later');
