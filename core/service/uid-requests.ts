/**
 * The studio's uid requests (Strapi's admin `uid/generate` and `uid/check-availability`), answered by the core; `http/studio-route.ts` only
 * reads the body and writes the answer.
 */
import type { Caller } from '../access/permissions.js';
import type { ContentIndex } from '../index/content-index.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Model, Models } from '../schema/types.js';
import { componentUid, uidAvailability, uniqueUid } from './generate-uid.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Whether `model` holds the component `uid` in a component or dynamic-zone attribute, at any depth. */
function usesComponent(models: Models, model: Model, uid: string, seen = new Set<string>()): boolean {
  return Object.values(model.attributes).some((attribute) => {
    const held = attribute.type === 'component'
      ? [attribute.component ?? '']
      : attribute.type === 'dynamiczone'
      ? attribute.components ?? []
      : [];
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
  if (!model || model.modelType !== 'component' || !usesComponent(models, contentType, uid!)) {
    throw new ValidationError(`"${String(component)}" is no component of ${contentType.uid}`);
  }
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
 * generateUidAnswer(cms.models, cms.index, caller, { contentType: 'api::article.article', field: 'slug', data: { title: 'Hi' } })
 * // { data: 'hi' }
 */
export function generateUidAnswer(models: Models, index: ContentIndex, caller: Caller, body: unknown): { data: string | null } {
  const { model, owner, field, attribute, request } = uidRequest(models, caller, body, '{ contentType, field, data }');
  const source = (isRecord(request.data) ? request.data : {})[attribute.targetField!]; // uidRequest checked it is there
  if (owner !== model) return { data: componentUid(source) ?? null };
  return { data: uniqueUid(index, model, field, source, text(request.documentId), localeOf(model, request)) ?? null };
}

/**
 * `POST <admin.path>/api/uid/check` with `{ contentType, field, value, documentId?, locale? }`:
 * whether another document of the locale holds `value` in that uid, and a free value like it
 * (Strapi's admin route `/content-manager/uid/check-availability`). Answers `{ isAvailable, suggestion }`.
 * A uid inside a component is unique nowhere, so there is nothing to check there.
 *
 * @example
 * checkUidAnswer(cms.models, cms.index, caller, { contentType: 'api::article.article', field: 'slug', value: 'taken' })
 * // { isAvailable: false, suggestion: 'taken-1' }
 */
export function checkUidAnswer(
  models: Models, index: ContentIndex, caller: Caller, body: unknown,
): { isAvailable: boolean; suggestion: string | null } {
  const { model, owner, field, request } = uidRequest(models, caller, body, '{ contentType, field, value }');
  if (owner !== model) throw new ValidationError('A uid inside a component is unique nowhere: there is nothing to check');
  if (typeof request.value !== 'string') throw new ValidationError('Expected "value" to be a string');
  return uidAvailability(index, model, field, request.value, text(request.documentId), localeOf(model, request));
}

const localeOf = (model: Model, body: Record<string, unknown>): string | null => (model.localized ? text(body.locale) ?? null : null);

/** What both uid routes check: a signed-in caller who may write the type, and a uid attribute of it (or of a component it holds). */
function uidRequest(models: Models, caller: Caller, body: unknown, shape: string) {
  if (caller.kind === 'public') throw new UnauthorizedError('Missing or invalid credentials');
  if (!isRecord(body)) throw new ValidationError(`Expected a JSON object ${shape}`);
  const uid = text(body.contentType);
  const model = uid !== undefined ? models.get(uid) : undefined;
  if (!model || model.modelType !== 'contentType') throw new ValidationError(`Unknown content type "${String(body.contentType)}"`);
  if (!caller.can(model, 'create') && !caller.can(model, 'update')) throw new ForbiddenError();
  const owner = modelOfField(models, model, body.component);
  const field = text(body.field);
  const attribute = field !== undefined && Object.hasOwn(owner.attributes, field) ? owner.attributes[field] : undefined;
  const withTarget = shape.includes('data');
  if (!attribute || attribute.type !== 'uid' || (withTarget && !attribute.targetField)) {
    throw new ValidationError(`"${String(body.field)}" is no uid attribute${withTarget ? ' with a targetField' : ''} in ${owner.uid}`);
  }
  return { model, owner, field: field!, attribute, request: body };
}
