// The shape of the rows Strapi 5's Entity Service answers (they come from its database layer, not the REST renderer).
const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** A populate entry that populates further (`{ populate: … }`): Strapi's database layer fills those after the others. */
const populatesFurther = (entry: unknown) => isPlain(entry) && entry.populate !== undefined && entry.populate !== false;

/**
 * Rows as Strapi's Entity Service gives them: every row (populated ones too) has its `locale` column right after
 * `publishedAt` (`null` on a type without i18n), and the relations a populate object fills further (`{ populate: … }`) come
 * after the others, in the populate's order otherwise.
 *
 * @example
 * asEntityRows({ id: 1, publishedAt: null, cushion: {…} }, { cushion: { populate: { fabric: true } }, brand: true })
 */
export function asEntityRows<T>(value: T, populate?: unknown): T {
  if (Array.isArray(value)) return value.map((item) => asEntityRows(item, populate)) as T;
  if (!isPlain(value) || !('documentId' in value)) return value;
  const nested = isPlain(populate) ? populate : {};
  const later = new Set(Object.keys(nested).filter((key) => populatesFurther(nested[key]) && key in value));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'locale' || later.has(key)) continue;
    out[key] = isPlain(item) || Array.isArray(item) ? asEntityRows(item, isPlain(nested[key]) ? nested[key].populate : undefined) : item;
    if (key === 'publishedAt') out.locale = value.locale ?? null;
  }
  if (!('locale' in out) && 'locale' in value) out.locale = value.locale;
  for (const key of later) out[key] = asEntityRows(value[key], (nested[key] as Record<string, unknown>).populate);
  return out as T;
}
