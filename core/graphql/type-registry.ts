import type { GraphQLNamedType } from 'graphql';
import type { Model } from '../schema/types.js';

/**
 * The types of one schema by name, each built once on first use (types refer to each other through thunks), and the
 * models they are built from: the project's components and content types and the plugins' types, in Strapi's order.
 */
export class TypeRegistry {
  private readonly types = new Map<string, GraphQLNamedType>();
  readonly byUid: Map<string, Model>;

  constructor(readonly models: Model[], readonly locales: readonly string[] = []) {
    this.byUid = new Map(models.map((model) => [model.uid, model]));
  }

  /** The model a relation or component points at, when the schema has it (admin types and disabled ones it has not). */
  model(uid: string | undefined): Model | undefined {
    return uid === undefined ? undefined : this.byUid.get(uid);
  }

  get<T extends GraphQLNamedType>(name: string, build: () => T): T {
    let type = this.types.get(name) as T | undefined;
    if (!type) {
      type = build();
      this.types.set(name, type);
    }
    return type;
  }

  /** Every type built so far, in the order they were first asked for. */
  all(): GraphQLNamedType[] {
    return [...this.types.values()];
  }
}
