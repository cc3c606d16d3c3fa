import { invalidKey, ValidationError } from '../errors.js';
import { getAttribute, isMorph, isScalar, UPLOAD_FILE_UID, type Model, type Models } from '../schema/types.js';
import type { SortSpec } from './ast.js';
import { fieldRef } from './nodes.js';
import { listOf } from './normalize-filters.js';
import { textOf } from './text.js';

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function direction(raw: unknown): 'asc' | 'desc' {
  const value = textOf(raw ?? 'asc').trim().toLowerCase();
  if (value !== 'asc' && value !== 'desc') throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
  return value;
}

/** Check a sort path against the schema: it walks relations/components and ends on a scalar. */
function checkPath(models: Models, model: Model, segments: string[]): void {
  let current = model;
  let path: string | null = null;
  segments.forEach((segment, position) => {
    const last = position === segments.length - 1;
    const attribute = getAttribute(current, segment);
    const here: string = path ? `${path}.${segment}` : segment;
    if (!attribute) {
      const isStatus = segment === 'status' && current.draftAndPublish && current.modelType === 'contentType';
      if (!fieldRef(current, segment) && !isStatus) throw invalidKey(segment, path, 'sort');
      if (!last) throw invalidKey(segments[position + 1], here, 'sort');
      path = here;
      return;
    }
    if (attribute.private || attribute.type === 'password' || attribute.type === 'dynamiczone' || isMorph(attribute)) throw invalidKey(segment, here, 'sort');
    if (isScalar(attribute)) {
      if (!last) throw invalidKey(segments[position + 1], here, 'sort');
    } else {
      if (last) throw invalidKey(segment, here, 'sort');
      const next = attribute.type === 'relation' ? attribute.target! : attribute.type === 'media' ? UPLOAD_FILE_UID : attribute.component!;
      current = models.get(next)!;
    }
    path = here;
  });
}

/** `{ author: { name: 'asc' } }` → [['author','name'], 'asc'] pairs. */
function fromObject(value: Record<string, unknown>, prefix: string[]): SortSpec[] {
  const specs: SortSpec[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (isRecord(inner)) specs.push(...fromObject(inner, [...prefix, key]));
    else specs.push({ path: [...prefix, key], direction: direction(inner) });
  }
  return specs;
}

function fromString(value: string): SortSpec[] {
  return value.split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
    const [field, order] = part.split(':');
    return { path: field.split('.'), direction: direction(order ?? 'asc') };
  });
}

/**
 * Strapi's sort forms: `title`, `title:desc`, `title:asc,slug:desc`, `sort[0]=…`, `sort[title]=desc`,
 * `sort[0][title]=desc`, `author.name:asc`, `sort[author][name]=asc`.
 */
export function normalizeSort(models: Models, model: Model, raw: unknown): SortSpec[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = listOf(raw) ?? [raw];
  const specs: SortSpec[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      // Validate keys first, as Strapi does, then the direction.
      for (const part of item.split(',').map((text) => text.trim()).filter(Boolean)) checkPath(models, model, part.split(':')[0].split('.'));
      specs.push(...fromString(item));
    } else if (isRecord(item)) {
      const found = fromObject(item, []);
      for (const spec of found) checkPath(models, model, spec.path);
      specs.push(...found);
    } else if (item !== null) {
      throw invalidKey(textOf(item), null, 'sort');
    }
  }
  return specs;
}
