import { UPLOAD_FILE_UID, type Attribute, type Model, type Models } from '../schema/types.js';

/** The models an attribute's values point into: relation targets, the media library, components. */
const TARGETS: Partial<Record<Attribute['type'], (attribute: Attribute, models: Models) => string[]>> = {
  // A morph relation may point at any type.
  relation: (attribute, models) => (String(attribute.relation ?? '').startsWith('morph')
    ? [...models.keys()]
    : attribute.target
    ? [attribute.target]
    : []),
  media: () => [UPLOAD_FILE_UID],
  component: (attribute) => (attribute.component ? [attribute.component] : []),
  dynamiczone: (attribute) => attribute.components ?? [],
};

function targetsOf(model: Model, models: Models): string[] {
  return model.attributeNames.flatMap((name) => TARGETS[model.attributes[name].type]?.(model.attributes[name], models) ?? []);
}

/**
 * Which types' rows can change an answer about a type: the type itself and every model reachable
 * from it through relations (either side), media, components and dynamic zones, transitively, since
 * populate, filters and sorts follow those links. Both directions are precomputed once per model set.
 *
 * @example
 * const deps = new TypeDependencies(models);
 * deps.readsOf('api::article.article') // ['api::article.article', 'api::author.author', 'plugin::upload.file', …]
 * deps.readersOf('api::tag.tag')       // types whose answers a tag write can change
 */
export class TypeDependencies {
  private readonly reads = new Map<string, string[]>();
  private readonly readers = new Map<string, string[]>();

  constructor(private readonly models: Models) {
    const readers = new Map<string, Set<string>>();
    for (const uid of models.keys()) {
      const reached = this.closure(uid);
      this.reads.set(uid, [...reached]);
      for (const target of reached) {
        let set = readers.get(target);
        if (!set) readers.set(target, (set = new Set()));
        set.add(uid);
      }
    }
    for (const [uid, set] of readers) this.readers.set(uid, [...set]);
  }

  /** The types whose rows an answer about `uid` may read (itself first). */
  readsOf(uid: string): readonly string[] {
    return this.reads.get(uid) ?? [uid];
  }

  /** The types whose answers may read rows of `uid` (itself included). */
  readersOf(uid: string): readonly string[] {
    return this.readers.get(uid) ?? [uid];
  }

  private closure(uid: string): Set<string> {
    const reached = new Set<string>([uid]);
    const queue = [uid];
    while (queue.length) {
      const model = this.models.get(queue.pop()!);
      if (!model) continue;
      for (const target of targetsOf(model, this.models)) {
        if (reached.has(target)) continue;
        reached.add(target);
        queue.push(target);
      }
    }
    return reached;
  }
}
