import { ValidationError } from '../errors.js';
import type { ContentIndex } from '../index/content-index.js';
import type { RawQuery } from '../query/normalize.js';
import type { Model } from '../schema/types.js';

/**
 * Locale of a write: `?locale`, else (POST only, a project choice) the body's `locale`, else the
 * default; it must be configured. Strapi overwrites a body locale on every other write.
 */
export function writeLocale(index: ContentIndex, model: Model, raw: RawQuery, data?: Record<string, unknown>): string | null {
  if (!model.localized) return null;
  const { locales, defaultLocale } = index.config;
  const requested = raw.locale ?? data?.locale ?? defaultLocale;
  if (typeof requested !== 'string' || !locales.includes(requested)) {
    const shown = typeof requested === 'string' ? requested : JSON.stringify(requested);
    throw new ValidationError(
      `Locale "${shown}" is not configured (locales: ${locales.join(', ')})`,
      { key: 'locale', source: 'query', param: 'locale' },
    );
  }
  return requested;
}
