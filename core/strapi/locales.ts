import type { CmsConfig } from '../config/types.js';
import { deriveId } from '../index/ids.js';

/** The scope `GET <prefix>/i18n/locales` needs (config: `"plugin::i18n.locales": ["listLocales"]`). */
export const LIST_LOCALES_SCOPE = 'plugin::i18n.locales.listLocales';

/** A locale's language in English words (`fr` → French), or the code itself. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The configured locales in Strapi's shape (an array, no envelope): what the locales route answers
 * and `cms export` writes.
 *
 * @example
 * listLocales(config)[0] // { id, documentId: 'localeen0000…', name: 'English (en)', code: 'en', isDefault: true, … }
 */
export function listLocales(config: Pick<CmsConfig, 'locales' | 'defaultLocale'>) {
  const epoch = new Date(0).toISOString();
  return config.locales.map((code) => ({
    id: deriveId(`plugin::i18n.locale|${code}`),
    documentId: `locale${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`.padEnd(24, '0').slice(0, 24),
    name: `${languageName(code)} (${code})`,
    code,
    createdAt: epoch,
    updatedAt: epoch,
    publishedAt: epoch,
    isDefault: code === config.defaultLocale,
  }));
}
