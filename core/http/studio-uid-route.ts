import type { Caller } from '../access/permissions.js';
import type { ContentIndex } from '../index/content-index.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';
import { componentUid, uniqueUid } from '../service/generate-uid.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Whether `model` holds the component `uid` in a component or dynamic-zone attribute, at any depth. */
function usesComponent(models: Models, model: Model, uid: string, seen = new Set<string>()): boolean {
  return Object.values(model.attributes).some((attribute) => {
    const held = attribute.type === 'component' ? [attribute.component ?? ''] : attribute.type === 'dynamiczone' ? attribute.components ?? [] : [];
    return held.some((inner) => {
      if (inner === uid) return true;
      if (seen.has(inner)) return false;
      seen.add(inner);
      const component = models.get(inner);
      return !!component && usesComponent(models, component, uid, seen);
    });
  });
}

/** The model whose attribute is generated: the content type, or a component it holds (`body.component`). */
function modelOfField(models: Models, contentType: Model, component: unknown): Model {
  if (component === undefined) return contentType;
  const uid = text(component);
  const model = uid !== undefined ? models.get(uid) : undefined;
  if (!model || model.modelType !== 'component' || !usesComponent(models, contentType, uid!)) throw new ValidationError(`"${String(component)}" is no component of ${contentType.uid}`);
  return model;
}

/**
 * `POST <admin.path>/api/uid/generate` with `{ contentType, field, data, documentId?, locale?, component? }`:
 * the value the server would give the uid `field` from `data[targetField]` (Strapi's admin route
 * `/content-manager/uid/generate`), so the studio has no slug code of its own. With `component`
 * (a component the type holds at any depth), `field` is that component's and `data` the entry's
 * values; a uid in a component is unique nowhere, so it is the slug alone. Answers `{ data }`.
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
  const owner = modelOfField(models, model, body.component);
  const field = text(body.field);
  const attribute = field !== undefined && Object.hasOwn(owner.attributes, field) ? owner.attributes[field] : undefined;
  if (!attribute || attribute.type !== 'uid' || !attribute.targetField) throw new ValidationError(`"${String(body.field)}" is no uid attribute with a targetField in ${owner.uid}`);
  const data = isRecord(body.data) ? body.data : {};
  if (owner !== model) return { data: componentUid(data[attribute.targetField]) ?? null };
  const locale = model.localized ? text(body.locale) ?? null : null;
  return { data: uniqueUid(index, model, field!, data[attribute.targetField], text(body.documentId), locale) ?? null };
}
