import { z } from 'zod';
import type { StrapiAttribute } from './model-attributes.js';

/** Strapi 5.54's MCP argument schemas (content-manager/server/mcp/schemas/{input,sort,filters}-schemas), as it words them. */
export const statusSchema = z.enum(['draft', 'published']).optional()
  .describe('Document status. Defaults to "draft" when draftAndPublish is enabled.');
export const documentIdSchema = z.string().min(1).describe('Stable document ID (e.g. "z7v8zma53x01r6oceimv922b"). Use this as the '
  + 'canonical identifier across draft/published versions; numeric "id" can differ per version row.');
export const pageSchema = z.number().int().min(1).optional().describe('Page number (1-indexed, default: 1).');
export const pageSizeSchema = z.number().int().min(1).max(100).optional().describe('Items per page (default: 25, max: 100).');

const SCALAR = new Set([
  'string', 'text', 'richtext', 'email', 'password', 'uid', 'integer', 'biginteger', 'decimal', 'float', 'boolean', 'date', 'datetime',
  'time', 'timestamp', 'enumeration',
]);

/** The attributes a list may sort and filter by: scalar, not private, and readable by the caller. */
export function scalarKeys(attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null): string[] {
  return Object.entries(attributes)
    .filter(([key, attribute]) => SCALAR.has(attribute.type) && attribute.private !== true && (permitted === null || permitted.has(key)))
    .map(([key]) => key);
}

/** `"field:asc"`, an array of them, `{ field: "asc" }` or an array of those, over the scalar fields only. */
export function sortSchema(attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null): z.ZodType {
  const keys = scalarKeys(attributes, permitted);
  if (keys.length === 0) return z.never();
  const direction = z.enum(['asc', 'desc']);
  const object = z.object(Object.fromEntries(keys.map((key) => [key, direction.optional()]))).strict();
  const pattern = /^([^:]+):(asc|desc)$/;
  const permittedString = (value: string) => {
    const match = pattern.exec(value);
    return match === null || keys.includes(match[1]);
  };
  const text = z.string().refine(permittedString, { message: `Sort field must be one of: ${keys.join(', ')}` });
  return z.union([text, z.array(text), object, z.array(object)]).optional()
    .describe(`Sort expression. String: "field:asc". Array: ["field:asc"]. Object: { field: "asc" }. Valid fields: ${keys.join(', ')}.`);
}

const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$in', '$notIn', '$lt', '$lte', '$gt', '$gte', '$between', '$contains', '$notContains', '$containsi',
  '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$null', '$notNull',
];

function filterValue(attribute: StrapiAttribute): z.ZodType {
  switch (attribute.type) {
    case 'integer': case 'biginteger': case 'decimal': case 'float':
      return z.union([z.number(), z.array(z.number())]);
    case 'boolean':
      return z.boolean();
    case 'enumeration': {
      if (!attribute.enum?.length) return z.union([z.string(), z.array(z.string())]);
      const values = attribute.enum as [string, ...string[]];
      return z.union([z.enum(values), z.array(z.enum(values))]);
    }
    default:
      return z.union([z.string(), z.array(z.string()), z.null()]);
  }
}

/** Filters: `$and`/`$or`/`$not` over field conditions, a value (implicit `$eq`) or an operator object per scalar field. */
export function filtersSchema(attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null): z.ZodType {
  const keys = scalarKeys(attributes, permitted);
  if (keys.length === 0) return z.never();
  const filters: z.ZodType = z.lazy(() => {
    const fields: Record<string, z.ZodType> = {};
    for (const key of keys) {
      const value = filterValue(attributes[key]);
      const operators = z.object(Object.fromEntries(OPERATORS.map((op) => [op, value.optional()])));
      fields[key] = z.union([value, operators]).optional();
    }
    return z.object({ $and: z.array(filters).optional(), $or: z.array(filters).optional(), $not: filters.optional(), ...fields }).strict();
  });
  return filters.optional().describe('Filter object. Supports logical operators ($and, $or, $not) and field operators '
    + `($eq, $ne, $in, $contains, $gt, $lt, etc.). Valid fields: ${keys.join(', ')}.`);
}

const defaultNote = (defaultLocale: string | null, allowed: string[]) =>
  (defaultLocale !== null && allowed.includes(defaultLocale) ? `Defaults to "${defaultLocale}".` : 'Defaults to the default locale.');

/**
 * The `locale` argument, as Strapi's `resolvePermittedLocaleSchema`: on a type that is not localized, a string that is
 * ignored; on a localized one, the locales (its default as the default), or with none known (`[]`: Strapi 5.54 derives
 * its tools before i18n has loaded them, recorded) a plain string. `permitted` narrows the locales (none: no locale).
 */
export function localeSchema(locales: string[], defaultLocale: string | null, localized: boolean, permitted: string[] | null): z.ZodType {
  if (!localized) return z.string().optional().describe('This content type is not localized. Locale is ignored.');
  if (locales.length === 0) return z.string().optional().describe('Locale code (e.g. "en", "fr"). Defaults to the default locale.');
  const codes = permitted ?? locales;
  if (codes.length === 0) return z.never().optional().describe('No locale access for this action.');
  let schema: z.ZodType = z.enum(codes as [string, ...string[]]).optional();
  if (defaultLocale !== null && codes.includes(defaultLocale)) schema = schema.default(defaultLocale);
  const word = permitted === null ? 'Available' : 'Permitted';
  return schema.describe(`Locale code. ${word}: ${codes.join(', ')}. ${defaultNote(defaultLocale, codes)}`);
}
