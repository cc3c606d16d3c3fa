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
 * Strapi's MCP output boundary (`shapeRelationsForMcp`): every relation, in components and dynamic zones too, reduced to
 * its identity (`{ documentId, locale? }`; a list for a to-many relation), so an answer never carries another document.
 */
export function shapeForMcp(models: Models, model: Model, data: Data): Data {
  const out: Data = { ...data };
  for (const [key, attribute] of Object.entries(model.attributes)) {
    if (!Object.hasOwn(out, key)) continue;
    const value = out[key];
    if (attribute.type === 'relation') {
      if (isManyRelation(attribute)) out[key] = Array.isArray(value) ? value.map(identity).filter(Boolean) : [];
      else out[key] = Array.isArray(value) ? identity(value[0]) ?? null : identity(value) ?? null;
    } else if (attribute.type === 'component' && value && attribute.component) {
      const component = models.get(attribute.component);
      if (component) {
        const shape = (item: Data) => shapeForMcp(models, component, item);
        out[key] = Array.isArray(value) ? value.map(shape) : shape(value as Data);
      }
    } else if (attribute.type === 'dynamiczone' && Array.isArray(value)) {
      out[key] = value.map((item) => {
        const component = models.get(String((item as Data).__component));
        return component ? shapeForMcp(models, component, item as Data) : item;
      });
    }
  }
  return out;
}
