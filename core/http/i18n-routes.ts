import { ForbiddenError, MethodNotAllowedError } from '../errors.js';
import { keptLocales } from '../index/kept-ids.js';
import { localeAddedAt } from '../strapi/locale-times.js';
import { LIST_LOCALES_SCOPE, listLocales } from '../strapi/locales.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

/**
 * `GET <prefix>/i18n/locales`: the configured locales in Strapi's shape (an array, no envelope).
 * Like Strapi, it needs the `plugin::i18n.locales.listLocales` permission
 * (config: `"plugin::i18n.locales": ["listLocales"]`).
 */
export const i18nRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== `${cms.config.api.rest.prefix}/i18n/locales`) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowedError(['HEAD', 'GET']);
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  if (!caller.allows(LIST_LOCALES_SCOPE)) throw new ForbiddenError();
  const kept = keptLocales(cms.models);
  const addedAt = await localeAddedAt(cms.root, cms.config, cms.config.locales.filter((code) => !kept[code]));
  return json(200, listLocales(cms.config, kept, addedAt), headers);
};
