import { deriveId } from '../index/ids.js';
import { ForbiddenError, MethodNotAllowedError } from '../errors.js';
import { json } from './respond.js';
import type { ExtensionRoute } from './route-context.js';

const SCOPE = 'plugin::i18n.locales.listLocales';

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * `GET <prefix>/i18n/locales`: the configured locales in Strapi's shape (an array, no envelope).
 * Like Strapi, it needs the `plugin::i18n.locales.listLocales` permission
 * (config: `"plugin::i18n.locales": ["listLocales"]`).
 */
export const i18nRoutes: ExtensionRoute = async ({ request, url, cms, headers }) => {
  if (url.pathname !== `${cms.config.api.rest.prefix}/i18n/locales`) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new MethodNotAllowedError(['HEAD', 'GET']);
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  if (!caller.allows(SCOPE)) throw new ForbiddenError();
  const epoch = new Date(0).toISOString();
  const locales = cms.config.locales.map((code) => ({
    id: deriveId(`plugin::i18n.locale|${code}`),
    documentId: `locale${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`.padEnd(24, '0').slice(0, 24),
    name: `${languageName(code)} (${code})`,
    code,
    createdAt: epoch,
    updatedAt: epoch,
    publishedAt: epoch,
    isDefault: code === cms.config.defaultLocale,
  }));
  return json(200, locales, headers);
};
