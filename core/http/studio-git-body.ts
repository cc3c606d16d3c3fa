import { ValidationError } from '../errors.js';

/** The Git panel's request bodies: only known keys, and a commit message within bounds. */

/** A JSON object body with only the keys a route knows (unknown input is refused, not dropped). */
export function knownFields(body: unknown, known: string[]): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError('The body must be a JSON object');
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length) throw new ValidationError(`Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { keys: unknown });
  return body as Record<string, unknown>;
}

/** A commit message: not blank, at most 5000 characters, without NUL; trimmed. */
export function commitMessage(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('A commit needs a message', { key: 'message' });
  if (value.length > 5000 || value.includes('\0')) {
    throw new ValidationError('A commit message is at most 5000 characters, without NUL', { key: 'message' });
  }
  return value.trim();
}
