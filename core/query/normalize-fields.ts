import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isHiddenAttribute, isScalar, type Model } from '../schema/types.js';
import { fieldRef } from './nodes.js';
import { listOf } from './normalize-filters.js';

/**
 * `fields=title,slug`, `fields[0]=title`, `fields=*`: only scalar, non-private attributes and the
 * system fields. Returns undefined for "all fields". `id` and `documentId` are always returned.
 */
export function normalizeFields(model: Model, raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = (listOf(raw) ?? [raw]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  const names: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') throw new ValidationError('Invalid fields parameter. Expected a string or an array of strings');
    const name = item.trim();
    if (name === '*') return undefined;
    if (name === '') continue;
    const attribute = getAttribute(model, name);
    if (attribute) {
      if (!isScalar(attribute)) throw invalidKey(name, name, 'fields');
    } else if (isHiddenAttribute(model, name)) {
      throw invalidKey(name, name, 'fields');
    } else if (!fieldRef(model, name)) {
      throw invalidKey(name, null, 'fields');
    }
    if (!names.includes(name)) names.push(name);
  }
  // Strapi's validateFields walks the list three times: scalars, then private, then password fields,
  // so a private field later in the list is named before an earlier password (recorded: fuzz.fields.private.before.password)
  const isPrivate = (name: string) => getAttribute(model, name)?.private;
  const isPassword = (name: string) => getAttribute(model, name)?.type === 'password';
  for (const refused of [isPrivate, isPassword]) {
    const name = names.find(refused);
    if (name !== undefined) throw invalidKey(name, name, 'fields');
  }
  return names;
}
