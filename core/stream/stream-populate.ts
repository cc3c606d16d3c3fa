import { ValidationError } from '../errors.js';
import type { Filter, PopulateMap, PopulateNode } from '../query/ast.js';
import { isMorph, UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import { storesContentFiles } from '../schema/user-model.js';

/**
 * The types a stream's populate reads besides the streamed one: relation targets, `plugin::upload.file` for media,
 * and whatever their own populate, filters and sorts reach. Components and dynamic zones live in the document's own
 * file and need nothing. Refused, with the path that asks: anything that reaches the streamed type itself (its
 * `localizations`, a relation to its own type, an inverse side leading back to it), since that would mean holding
 * the whole streamed type; a polymorphic relation (it may reach any type, the streamed one included); and relations
 * to users-permissions users (their rows are the auth state's, which a stream does not open).
 */
export function relatedTypes(models: Models, streamed: Model, populate: PopulateMap): Set<string> {
  const needed = new Set<string>();
  const refuse = (path: string, why: string): never => {
    throw new ValidationError(`stream cannot populate ${path}: ${why}`, { key: 'populate', path, source: 'query', param: 'populate' });
  };
  /** The model an attribute leads to (a component, a related type), recording what must be loaded. */
  const reach = (model: Model, name: string, path: string): Model | undefined => {
    if (name === 'localizations' && model.localized) {
      if (model.uid === streamed.uid) refuse(path, `it is the streamed type ${streamed.uid} (locale '*' streams every locale)`);
      return model;
    }
    const attribute = model.attributes[name];
    if (!attribute) return undefined;
    if (attribute.type === 'component') return models.get(attribute.component!);
    if (attribute.type === 'media') {
      needed.add(UPLOAD_FILE_UID);
      return models.get(UPLOAD_FILE_UID);
    }
    if (attribute.type !== 'relation') return undefined;
    if (isMorph(attribute) && !attribute.target) refuse(path, 'a polymorphic relation may reach any type, the streamed one included');
    const target = models.get(attribute.target!);
    if (!target) return undefined;
    if (target.uid === streamed.uid) refuse(path, `it leads back to the streamed type ${streamed.uid}; link by documentId instead`);
    if (!storesContentFiles(target)) refuse(path, `${target.uid} rows live in the auth state, which a stream does not read`);
    needed.add(target.uid);
    return target;
  };
  const walkFilter = (model: Model, filter: Filter | undefined, path: string): void => {
    if (!filter) return;
    if (filter.kind === 'and' || filter.kind === 'or') for (const part of filter.filters) walkFilter(model, part, path);
    else if (filter.kind === 'not') walkFilter(model, filter.filter, path);
    else if (filter.kind === 'nested') {
      const next = reach(model, filter.attribute, `${path}.${filter.attribute}`);
      if (next) walkFilter(next, filter.filter, `${path}.${filter.attribute}`);
    }
  };
  const walkNode = (model: Model, options: PopulateNode, path: string): void => {
    walkFilter(model, options.filters, path);
    for (const spec of options.sort ?? []) {
      let at: Model | undefined = model;
      for (const step of spec.path.slice(0, -1)) at = at && reach(at, step, `${path}.${step}`);
    }
    if (options.populate) walkMap(model, options.populate, path);
  };
  const walkMap = (model: Model, map: PopulateMap, prefix: string): void => {
    for (const [name, options] of map) {
      const path = prefix ? `${prefix}.${name}` : name;
      const attribute = model.attributes[name];
      if (attribute?.type === 'dynamiczone') {
        for (const uid of attribute.components ?? []) {
          const component = models.get(uid);
          if (!component) continue;
          if (options.populate) walkMap(component, options.populate, path);
          const fragment = options.on?.get(uid);
          if (fragment) walkNode(component, fragment, `${path}.${uid}`);
        }
        continue;
      }
      const next = reach(model, name, path);
      if (next) walkNode(next, options, path);
    }
  };
  walkMap(streamed, populate, '');
  return needed;
}
