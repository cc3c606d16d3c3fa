import type { Cms } from '../cms.js';
import { ValidationError } from '../errors.js';
import { LIFECYCLE_HOOKS, type Subscriber } from './lifecycles.js';

/**
 * `strapi.db.lifecycles.subscribe(subscriber)` as Strapi 5's database exposes it: a function, called with every
 * lifecycle event, or an object of hooks (`afterCreate`, …) for the uids in `models` (every type when absent),
 * run after the type's own lifecycles file. Here they fire where a lifecycles file's hooks do (each document write,
 * project code's Document Service reads). Users-permissions users and admin users are kept by the auth state, not
 * written as documents: a subscriber naming them is taken, and the start says that it will not run for them.
 *
 * @example
 * dbLifecycles(cms, hooks).subscribe({ models: ['api::page.page'], afterCreate(event) { … } });
 */
export function dbLifecycles(cms: Cms, hooks: { subscribe(subscriber: Subscriber): void }): { subscribe(subscriber: Subscriber): void } {
  return {
    subscribe(subscriber) {
      const at = 'strapi.db.lifecycles.subscribe';
      if (typeof subscriber !== 'function' && (!subscriber || typeof subscriber !== 'object')) {
        throw new ValidationError(`${at} takes a function or an object of lifecycle hooks`);
      }
      if (typeof subscriber === 'object') {
        const { models } = subscriber;
        if (models !== undefined && (!Array.isArray(models) || models.some((uid) => typeof uid !== 'string'))) {
          throw new ValidationError(`${at}: models must be a list of uids`);
        }
        const hooks = LIFECYCLE_HOOKS as readonly string[];
        const unknown = Object.keys(subscriber).filter((key) => key !== 'models' && !hooks.includes(key));
        if (unknown.length) cms.report(`warning: ${at}: ${unknown.join(', ')} never fire here (the hooks that do: ${hooks.join(', ')})`);
        for (const uid of models ?? []) {
          if (cms.models.get(uid)?.modelType === 'contentType' && uid.startsWith('api::')) continue;
          cms.report(`warning: ${at}: ${uid} is not one of this project's content types (users and admin users are kept by the `
            + 'auth state, not written as documents): its hooks here do not run');
        }
      }
      hooks.subscribe(subscriber);
    },
  };
}
