import type { Cms } from '../cms.js';
import { addLocales } from '../config/add-locales.js';
import { keptLocales } from '../index/kept-ids.js';
import { localeAddedAt } from '../strapi/locale-times.js';
import { listLocales } from '../strapi/locales.js';
import { UnsupportedApiError } from './errors.js';
import type { QueryParams } from './query-params.js';
import { matchesWhere, orderByPairs, sortRows, type QueryRow } from './query-where.js';

export const LOCALE_UID = 'plugin::i18n.locale';

/** The configured locales as `plugin::i18n.locale` rows (what `GET /api/i18n/locales` answers, without `isDefault`). */
async function localeRows(cms: Cms): Promise<QueryRow[]> {
  const kept = keptLocales(cms.models);
  const addedAt = await localeAddedAt(cms.root, cms.config, cms.config.locales.filter((code) => !kept[code]));
  return listLocales(cms.config, kept, addedAt).map(({ isDefault: _default, ...row }) => ({ ...row, locale: null }));
}

/**
 * `strapi.db.query('plugin::i18n.locale')`, read only: the locales are the config's (`locales`).
 *
 * @example
 * await localeQuery(cms).findOne({ where: { code: 'fr' } }) // { id, documentId, name: 'French (fr)', code: 'fr', … }
 */
export function localeQuery(cms: Cms): Record<string, unknown> {
  const matching = async (params: QueryParams) => {
    const offset = Number(params.offset ?? 0);
    const rows = (await localeRows(cms)).filter((row) => matchesWhere(row, params.where, () => undefined));
    // Without orderBy, in the order the config lists them (the order they were added, as Strapi's ids go).
    const at = (row: QueryRow) => cms.config.locales.indexOf(String(row.code));
    const sorted = sortRows(rows, orderByPairs(params.orderBy), (a, b) => at(a) - at(b));
    return sorted.slice(offset, params.limit === undefined ? undefined : offset + Number(params.limit));
  };
  return {
    findMany: async (params: QueryParams = {}) => matching(params),
    findOne: async (params: QueryParams = {}) => (await matching({ ...params, limit: 1 }))[0] ?? null,
    count: async (params: QueryParams = {}) => (await matching({ where: params.where })).length,
  };
}

/**
 * `strapi.plugin('i18n').service('locales')`: `find`, `findById`, `findByCode`, `count`, `getDefaultLocale`,
 * `setIsDefault`, and `create`, which adds the code to `locales` in `cms.config.json` (the project then reloads).
 *
 * @example
 * const locales = strapi.plugin('i18n').service('locales'); await locales.getDefaultLocale() // 'en'
 */
export function localesService(cms: Cms): Record<string, unknown> {
  const query = localeQuery(cms) as Record<string, (params?: QueryParams) => Promise<unknown>>;
  const setIsDefault = (locales: QueryRow | QueryRow[] | null | undefined): unknown => {
    if (!locales) return locales;
    if (Array.isArray(locales)) return locales.map((locale) => ({ ...locale, isDefault: locale.code === cms.config.defaultLocale }));
    return { ...locales, isDefault: locales.code === cms.config.defaultLocale };
  };
  return {
    find: (where: Record<string, unknown> = {}) => query.findMany({ where }),
    findById: (id: unknown) => query.findOne({ where: { id: Number(id) } }),
    findByCode: (code: unknown) => query.findOne({ where: { code } }),
    count: (where: Record<string, unknown> = {}) => query.count({ where }),
    getDefaultLocale: async () => cms.config.defaultLocale,
    setIsDefault: async (locales: QueryRow | QueryRow[]) => setIsDefault(locales),
    async create(locale: { code?: string; name?: string }, options: { isDefault?: boolean } = {}) {
      const code = String(locale?.code ?? '');
      if (options.isDefault && code !== cms.config.defaultLocale) {
        throw new UnsupportedApiError('creating a locale as the default', 'set defaultLocale in cms.config.json');
      }
      if (!cms.config.locales.includes(code)) {
        await addLocales(cms.root, [code]);
        await cms.reload();
      }
      return query.findOne({ where: { code } });
    },
  };
}
