import type { Model, Models } from '../schema/types.js';
import type { Data } from '../types.js';
import { isManyRelation } from './output-schemas.js';

const identity = (entry: unknown) => {
  if (!entry || typeof entry !== 'object' || typeof (entry as Data).documentId !== 'string') return undefined;
  const { documentId, locale, __type, status } = entry as Record<string, unknown>;
  return {
    documentId, ...(typeof locale === 'string' ? { locale } : {}), ...(typeof __type === 'string' ? { __type } : {}),
    ...(typeof status === 'string' ? { status } : {}),
  };
};

/**
 * How relations are answered: `identity` (a read), or `empty` (a write tool's answer: Strapi's create, update, publish,
 * unpublish and discard answer the version they left with every relation unpopulated, `null` or `[]`, media and
 * components populated; recorded: `create.post` answers `author: null` and `get_post` then `{ documentId }`).
 */
export type RelationView = 'identity' | 'empty';

/**
 * Strapi's MCP output boundary (`shapeRelationsForMcp`): every relation, in components and dynamic zones too, reduced to
 * its identity (`{ documentId, locale? }`; a list for a to-many relation), so an answer never carries another document.
 * `stored` (the version's stored fields) names the relations the REST reader left out because the caller may not read
 * their type: the Content Manager still answers their identity.
 */
export function shapeForMcp(models: Models, model: Model, data: Data, view: RelationView = 'identity', stored?: Data): Data {
  const out: Data = { ...data };
  for (const [key, attribute] of Object.entries(model.attributes)) {
    if (attribute.type === 'relation' && !attribute.relation?.startsWith('morph') && !Object.hasOwn(out, key) && stored) {
      out[key] = storedIdentity(models, attribute.target, stored[key], data.locale);
    }
    if (!Object.hasOwn(out, key)) continue;
    const value = out[key];
    if (attribute.type === 'relation') {
      const many = isManyRelation(attribute);
      if (view === 'empty') out[key] = many ? [] : null;
      else if (many) out[key] = Array.isArray(value) ? value.map(identity).filter(Boolean) : [];
      else out[key] = Array.isArray(value) ? identity(value[0]) ?? null : identity(value) ?? null;
    } else if (attribute.type === 'media' && value) {
      out[key] = Array.isArray(value) ? value.map(mediaFile) : mediaFile(value);
    } else if (attribute.type === 'component' && value && attribute.component) {
      const component = models.get(attribute.component);
      if (component) {
        const shape = (item: Data) => shapeForMcp(models, component, item, view);
        out[key] = Array.isArray(value) ? value.map(shape) : shape(value as Data);
      }
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      out[key] = value.map((item) => {
        const component = models.get(String((item as Data).__component));
        return component ? shapeForMcp(models, component, item as Data, view) : item;
      });
    }
  }
  return out;
}

/** A media file as the Content Manager answers it: with the i18n `locale` every type has (null: files are not localized). */
const mediaFile = (file: unknown) =>
  (file && typeof file === 'object' && !Array.isArray(file) ? { locale: null, ...(file as Data) } : file);

/** A stored relation value (documentIds) as the identities a populated one reduces to. */
function storedIdentity(models: Models, target: string | undefined, value: unknown, locale: unknown): unknown {
  const localized = target ? models.get(target)?.localized === true : false;
  const one = (documentId: unknown) => (typeof documentId === 'string'
    ? { documentId, ...(localized && typeof locale === 'string' ? { locale } : {}) } : undefined);
  if (Array.isArray(value)) return value.map(one).filter(Boolean);
  return one(value) ?? null;
}
