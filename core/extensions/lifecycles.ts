import { groupCommits } from '../replication/write-context.js';
import type { Model } from '../schema/types.js';
import type { WriteHooks } from '../service/write-event.js';
import { contentTypeInfo } from './content-type-info.js';
import { settleWithin } from './settle-within.js';

type Hook = (event: LifecycleEvent) => unknown;
export type Lifecycles = Partial<Record<(typeof LIFECYCLE_HOOKS)[number], Hook>>;

/** Strapi 5's lifecycle event: `params.data` may be changed by before-hooks; `state` is shared by a before and its after hook. */
export interface LifecycleEvent {
  action: string;
  model: ReturnType<typeof contentTypeInfo>;
  params: Record<string, unknown>;
  state: Record<string, unknown>;
  result?: unknown;
}

/** The hooks that fire here: each document write, each Document Service read of project code (see docs/guide/extending.md). */
export const LIFECYCLE_HOOKS = [
  'beforeCreate', 'afterCreate', 'beforeUpdate', 'afterUpdate', 'beforeDelete', 'afterDelete',
  'beforeFindOne', 'afterFindOne', 'beforeFindMany', 'afterFindMany', 'beforeCount', 'afterCount',
] as const;

/** Strapi's query-engine hooks for bulk queries: there is no query engine here, so they would never fire. */
export const BULK_HOOKS = [
  'beforeCreateMany', 'afterCreateMany', 'beforeUpdateMany', 'afterUpdateMany',
  'beforeDeleteMany', 'afterDeleteMany',
];

export interface ReadHooks {
  /** `result` picks what the after hook sees as `event.result` (a page's documents); the read's own value by default. */
  read<T>(
    action: 'findMany' | 'findOne' | 'count', model: Model, params: object, read: () => Promise<T>, result?: (value: T) => unknown,
  ): Promise<T>;
}

const capital = (action: string) => action[0].toUpperCase() + action.slice(1);

/**
 * Runs `work` between the type's before and after hook of `action`, with Strapi's event shape. Each
 * hook may take at most `seconds`: a before hook past it fails the request and the work never runs;
 * an after hook past it fails the request once the work is done (and, for a write, committed).
 */
async function between<T>(
  lifecycles: Lifecycles | undefined, action: string, model: Model, params: Record<string, unknown>,
  work: () => Promise<T>, result: (value: T) => unknown, seconds: number,
): Promise<T> {
  const before = lifecycles?.[`before${capital(action)}` as keyof Lifecycles];
  const after = lifecycles?.[`after${capital(action)}` as keyof Lifecycles];
  if (!before && !after) return work();
  const state: Record<string, unknown> = {};
  const info = contentTypeInfo(model);
  const hook = (name: string, run: () => unknown) =>
    settleWithin(seconds, `The ${name} lifecycle of ${model.uid}`, Promise.resolve().then(run));
  if (before) {
    const event = { action: `before${capital(action)}`, model: info, params, state };
    await hook(event.action, () => before.call(lifecycles, event));
  }
  const value = await work();
  if (after) {
    const event = { action: `after${capital(action)}`, model: info, params, state, result: result(value) };
    await hook(event.action, () => after.call(lifecycles, event));
  }
  return value;
}

/** `strapi.db.lifecycles.subscribe(subscriber)`: a function gets every event; an object its hooks, for `models` (all when absent). */
export type Subscriber = ((event: LifecycleEvent) => unknown) | (Lifecycles & { models?: string[] });

/** A type's lifecycles file, then every subscriber for it in the order they subscribed, as one set of hooks. */
function combined(own: Lifecycles | undefined, subscribers: Subscriber[]): Lifecycles {
  const hooks: Lifecycles = {};
  for (const name of LIFECYCLE_HOOKS) {
    const runs = [own, ...subscribers].filter((entry) => typeof entry === 'function' || typeof entry?.[name] === 'function');
    if (!runs.length) continue;
    hooks[name] = async (event) => {
      for (const entry of runs) await (typeof entry === 'function' ? entry(event) : entry![name]!.call(entry, event));
    };
  }
  return hooks;
}

/**
 * The project's lifecycles as the writer's hooks (every write, whichever face made it) and as read
 * hooks (project code's Document Service reads). A write and the writes its hooks make share one commit.
 *
 * @example
 * cms.writeHooks = lifecycleHooks(new Map([['api::article.article', { beforeCreate(event) { event.params.data.slug = '…'; } }]]));
 */
export function lifecycleHooks(
  byUid: Map<string, Lifecycles>, seconds: () => number = () => 30,
): WriteHooks & ReadHooks & { subscribe(subscriber: Subscriber): void } {
  const subscribers: Subscriber[] = [];
  const of = (uid: string) => {
    const mine = subscribers.filter((entry) => typeof entry === 'function' || !entry.models || entry.models.includes(uid));
    return mine.length ? combined(byUid.get(uid), mine) : byUid.get(uid);
  };
  return {
    around(action, model, params, write, result) {
      const lifecycles = of(model.uid);
      if (!lifecycles) return write();
      return groupCommits(() => between(lifecycles, action, model, params, write, result, seconds()));
    },
    read(action, model, params, read, result = (value) => value) {
      return between(of(model.uid), action, model, params as Record<string, unknown>, read, result, seconds());
    },
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
  };
}
