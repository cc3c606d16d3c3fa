import { ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import type { Data } from '../types.js';
import { checkFields } from '../validate/field-checks.js';

/**
 * Refuse a media entry `cms validate` would reject, before anything is stored: the very checks
 * `validate` runs on `content/upload/*` files (a `name` over 255 characters, a required value
 * missing…), so an upload can never turn a project's CI red. A 400 listing every problem.
 *
 * @example
 * assertValidMediaEntry(index, { name: 'x'.repeat(300), hash: 'x_1a2b3c4d5e', ext: '.png', mime: 'image/png', url: '/uploads/x.png' })
 * // ValidationError: name must be at most 255 characters
 */
export function assertValidMediaEntry(index: ContentIndex, data: Data): void {
  // Media entries are always published: validate checks them as served, required values included.
  const findings = checkFields(index, index.model(UPLOAD_FILE_UID), '', data, data);
  if (!findings.length) return;
  const errors = findings.map(({ key, message }) => ({ path: key ? key.split('.') : [], message, name: 'ValidationError' }));
  throw new ValidationError(findings.length === 1 ? findings[0].message : `${findings.length} errors occurred`, { errors });
}
