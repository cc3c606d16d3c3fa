import type { Cms } from '../cms.js';
import { UnsupportedApiError } from './errors.js';

/** A root operation of a type, as the plugin's extension service names them. */
export type GraphqlAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';
const ACTIONS: readonly GraphqlAction[] = ['find', 'findOne', 'create', 'update', 'delete'];
const QUERIES: readonly GraphqlAction[] = ['find', 'findOne'];
const MUTATIONS: readonly GraphqlAction[] = ['create', 'update', 'delete'];

/** Where a field may be turned off: the output type, the create/update input, the filters input. */
export type FieldPlace = 'output' | 'input' | 'filters';

/** `{ auth: false }` (open to anyone) or `{ auth: { scope } }` (the caller must hold one), per `Type.field`. */
export interface ResolverConfig {
  auth?: false | { scope: string | string[] };
}

/** What `use()` adds: SDL, resolvers (a function or `{ resolve }`), and each resolver's access. */
export interface GraphqlUse {
  typeDefs?: string;
  resolvers?: Record<string, Record<string, unknown>>;
  resolversConfig?: Record<string, ResolverConfig>;
}

/** What a project's `register()` turned off or added, read when the schema is built (core/graphql/extension.ts). */
export interface GraphqlExtensionState {
  /** Types off entirely (`shadowCRUD(uid).disable()`). */
  disabledTypes: Set<string>;
  /** Per uid, the root operations off. */
  disabledActions: Map<string, Set<GraphqlAction>>;
  /** Per uid and field, where it is off. */
  disabledFields: Map<string, Map<string, Set<FieldPlace>>>;
  uses: GraphqlUse[];
}

const states = new WeakMap<Cms, GraphqlExtensionState>();
/** The same state by the site's models, which the schema is built from (core/graphql/contributions.ts). */
const byModels = new WeakMap<object, GraphqlExtensionState>();

/** The site's extension state (empty until project code calls the service). */
export function graphqlExtensionState(cms: Cms): GraphqlExtensionState {
  let state = states.get(cms);
  if (!state) {
    state = { disabledTypes: new Set(), disabledActions: new Map(), disabledFields: new Map(), uses: [] };
    states.set(cms, state);
  }
  byModels.set(cms.models, state);
  return state;
}

/**
 * The extension state of the site these models are loaded for, if its project code used the service. (Models a
 * schema change reloads under `cms serve` are new: the state follows them when the service is reached again.)
 */
export function graphqlExtensionStateOf(models: object): GraphqlExtensionState | undefined {
  return byModels.get(models);
}

const USE_KEYS = new Set(['typeDefs', 'resolvers', 'resolversConfig']);
const CONFIG_KEYS = new Set(['auth']);

function checkedUse(value: unknown): GraphqlUse {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const call = "strapi.plugin('graphql').service('extension').use(…)";
    throw new UnsupportedApiError(call, 'it takes { typeDefs, resolvers, resolversConfig }');
  }
  for (const key of Object.keys(value)) {
    // nexus types (`types: [nexus.extendType(…)]`) and plugins need nexus, which this CMS does not carry: SDL does the same
    if (!USE_KEYS.has(key)) {
      throw new UnsupportedApiError(`the graphql extension's ${key}`, 'typeDefs (SDL), resolvers and resolversConfig are');
    }
  }
  const use = value as GraphqlUse;
  for (const [field, config] of Object.entries(use.resolversConfig ?? {})) {
    for (const key of Object.keys(config ?? {})) {
      if (!CONFIG_KEYS.has(key)) throw new UnsupportedApiError(`resolversConfig['${field}'].${key}`, 'auth is');
    }
  }
  return use;
}

/**
 * `strapi.plugin('graphql').service('extension')` for a project's `register()`, as the plugin's extension service
 * answers it: `shadowCRUD(uid)` (`disable()`, `disableQueries()`, `disableMutations()`, `disableAction(name)`,
 * `disableActions(names)`, `field(name).disable()` / `.disableOutput()` / `.disableInput()` / `.disableFilters()`),
 * and `use({ typeDefs, resolvers, resolversConfig })` or `use(({ strapi }) => …)`. Each call chains, as Strapi's do.
 *
 * @example
 * strapi.plugin('graphql').service('extension').shadowCRUD('api::tag.tag').disableMutations();
 */
export function graphqlExtensionService(cms: Cms, strapi: () => unknown) {
  const state = graphqlExtensionState(cms);
  const offIn = (uid: string) => {
    let set = state.disabledActions.get(uid);
    if (!set) state.disabledActions.set(uid, set = new Set());
    return set;
  };
  const fieldOff = (uid: string, field: string, places: FieldPlace[]) => {
    let fields = state.disabledFields.get(uid);
    if (!fields) state.disabledFields.set(uid, fields = new Map());
    let set = fields.get(field);
    if (!set) fields.set(field, set = new Set());
    for (const place of places) set.add(place);
  };
  const shadowCRUD = (uid: string) => {
    // a content type the site does not have is refused at once, as a typo would otherwise change nothing; the plugins'
    // types (plugin::users-permissions.user…) are the schema's to know (core/graphql/extension.ts)
    if (!uid.startsWith('plugin::') && !cms.models.has(uid)) {
      const call = `strapi.plugin('graphql').service('extension').shadowCRUD('${uid}')`;
      throw new UnsupportedApiError(call, 'no such content type in this project');
    }
    const type = {
      disable: () => { state.disabledTypes.add(uid); return type; },
      isEnabled: () => !state.disabledTypes.has(uid),
      disableQueries: () => { for (const action of QUERIES) offIn(uid).add(action); return type; },
      disableMutations: () => { for (const action of MUTATIONS) offIn(uid).add(action); return type; },
      disableAction: (action: string) => {
        if (!ACTIONS.includes(action as GraphqlAction)) {
          throw new UnsupportedApiError(`shadowCRUD('${uid}').disableAction('${action}')`, `the actions are ${ACTIONS.join(', ')}`);
        }
        offIn(uid).add(action as GraphqlAction);
        return type;
      },
      disableActions: (actions: string[]) => { for (const action of actions) type.disableAction(action); return type; },
      field: (name: string) => {
        const field = {
          disable: () => { fieldOff(uid, name, ['output', 'input', 'filters']); return field; },
          disableOutput: () => { fieldOff(uid, name, ['output']); return field; },
          disableInput: () => { fieldOff(uid, name, ['input']); return field; },
          disableFilters: () => { fieldOff(uid, name, ['filters']); return field; },
        };
        return field;
      },
    };
    return type;
  };
  const service = {
    shadowCRUD,
    use: (extension: unknown) => {
      const value = typeof extension === 'function'
        ? (extension as (deps: { strapi: unknown }) => unknown)({ strapi: strapi() }) : extension;
      state.uses.push(checkedUse(value));
      return service;
    },
  };
  return service;
}
