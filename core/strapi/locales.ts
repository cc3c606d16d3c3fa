import type { CmsConfig } from '../config/types.js';
import { deriveId } from '../index/ids.js';
import type { KeptLocale } from '../index/kept-ids.js';

/** The scope `GET <prefix>/i18n/locales` needs (config: `"plugin::i18n.locales": ["listLocales"]`). */
export const LIST_LOCALES_SCOPE = 'plugin::i18n.locales.listLocales';

const EPOCH = () => new Date(0).toISOString();

/** A locale's language in English words (`fr` → French), or the code itself. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A documentId in Strapi's shape (24 characters, a letter first), derived from the code: the same on every server. */
function derivedDocumentId(code: string): string {
  let text = '';
  for (let round = 0; text.length < 24; round++) text += deriveId(`plugin::i18n.locale|${code}|${round}`).toString(36);
  return `l${text.slice(0, 23)}`;
}

/**
 * The configured locales in Strapi's shape (an array, no envelope): what the locales route answers
 * and `cms export` writes. A locale with a kept record (`cms init` made it, or `cms import` took it
 * from Strapi: `content/.ids.json`) answers that record's id, documentId, name and times, as Strapi
 * answers its stored rows; any other answers values derived from the configuration alone (the id of
 * its place in `locales`, past the kept ids; a documentId derived from its code; as its times, when
 * it was added, `addedAt`: locale-times.ts), the same on every server and restart.
 *
 * @example
 * listLocales(config, kept)[0] // { id: 1, documentId: 'rjr9356a7aw2gytu6we9zovh', name: 'English (en)', code: 'en', isDefault: true, … }
 */
export function listLocales(
  config: Pick<CmsConfig, 'locales' | 'defaultLocale'>, kept: Record<string, KeptLocale> = {}, addedAt: (code: string) => string = EPOCH,
) {
  const used = new Set(config.locales.flatMap((code) => (kept[code] ? [kept[code].id] : [])));
  let next = 1;
  const freeId = () => { while (used.has(next)) next++; used.add(next); return next; };
  return config.locales.map((code) => {
    const record = kept[code];
    const common = { code, isDefault: code === config.defaultLocale };
    if (record) {
      const { id, documentId, name, createdAt, updatedAt, publishedAt } = record;
      return { id, documentId, name, code, createdAt, updatedAt, publishedAt, isDefault: common.isDefault };
    }
    return {
      id: freeId(), documentId: derivedDocumentId(code), name: `${languageName(code)} (${code})`, code,
      createdAt: addedAt(code), updatedAt: addedAt(code), publishedAt: addedAt(code), isDefault: common.isDefault,
    };
  });
}
