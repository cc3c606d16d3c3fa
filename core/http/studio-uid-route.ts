import type { Caller } from '../access/permissions.js';
import type { ContentIndex } from '../index/content-index.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Models } from '../schema/types.js';
import { uniqueUid } from '../service/generate-uid.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * `POST <admin.path>/api/uid/generate` with `{ contentType, field, data, documentId?, locale? }`:
 * the value the server would give the uid `field` from `data[targetField]` (Strapi's admin route
 * `/content-manager/uid/generate`), so the studio has no slug code of its own. Answers `{ data }`.
 *
 * @example
 * generateUidAnswer(cms.models, cms.index, caller, { contentType: 'api::article.article', field: 'slug', data: { title: 'Hi' } }) // { data: 'hi' }
 */
export function generateUidAnswer(models: Models, index: ContentIndex, caller: Caller, body: unknown): { data: string | null } {
  if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
  if (!isRecord(body)) throw new ValidationError('Expected a JSON object { contentType, field, data }');
  const uid = text(body.contentType);
  const model = uid !== undefined ? models.get(uid) : undefined;
  if (!model || model.modelType !== 'contentType') throw new ValidationError(`Unknown content type "${String(body.contentType)}"`);
  if (!caller.can(model, 'create') && !caller.can(model, 'update')) throw new ForbiddenError();
  const field = text(body.field);
  const attribute = field !== undefined && Object.hasOwn(model.attributes, field) ? model.attributes[field] : undefined;
  if (!attribute || attribute.type !== 'uid' || !attribute.targetField) throw new ValidationError(`"${String(body.field)}" is no uid attribute with a targetField in ${model.uid}`);
  const data = isRecord(body.data) ? body.data : {};
  const locale = model.localized ? text(body.locale) ?? null : null;
  return { data: uniqueUid(index, model, field!, data[attribute.targetField], text(body.documentId), locale) ?? null };
}
