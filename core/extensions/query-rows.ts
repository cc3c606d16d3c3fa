import { siteFor } from '../branches/request-branch.js';
import type { Cms } from '../cms.js';
import { rowOfType } from '../index/type-row-ids.js';
import type { Model } from '../schema/types.js';
import { isScalar, isToMany } from '../schema/types.js';
import type { Data } from '../types.js';
import { populatedNames } from './query-params.js';

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
const selected = (select: unknown): string[] | undefined => (select === undefined ? undefined : [select].flat().map(String));

/**
 * A Document Service answer as the query engine's row: every column of the type (private ones and `locale` too),
 * relations only where populated (`null` or `[]` when there is none), each populated row completed the same way and
 * cut to its own `select`. A `select` keeps `id` when it populates (the engine needs it to populate).
 *
 * @example
 * engineRow(cms, article, row, { select: ['title'], populate: { category: { select: ['name'] } } })
 * // { id: 1, title: 'Hello', category: { name: 'News' } }
 */
export function engineRow(cms: Cms, model: Model, row: Data, params: { select?: unknown; populate?: unknown }): Data {
  const byId = typeof row.id === 'number' && model.modelType === 'contentType';
  const stored = byId ? rowOfType(siteFor(cms).index, model.uid, row.id as number) : undefined;
  const full: Data = { ...row };
  if (stored) {
    for (const [name, attribute] of Object.entries(model.attributes)) {
      if (attribute.private && isScalar(attribute) && name in stored.data) full[name] = stored.data[name];
    }
    full.locale = stored.locale ?? null;
  }
  const populated = populatedNames(model, params.populate);
  for (const name of populated) {
    const attribute = model.attributes[name];
    const targetUid = attribute?.target ?? attribute?.component;
    const target = targetUid ? cms.models.get(targetUid) : undefined;
    const nested = isPlain(params.populate) && isPlain(params.populate[name]) ? params.populate[name] as Record<string, unknown> : {};
    const value = full[name] ?? (attribute && isToMany(attribute) ? [] : null);
    const complete = (item: unknown) => (isPlain(item) && target ? engineRow(cms, target, item, nested) : item);
    full[name] = Array.isArray(value) ? value.map(complete) : complete(value);
  }
  const keep = selected(params.select);
  if (!keep) return full;
  const kept = new Set([...keep, ...populated, ...(populated.length ? ['id'] : [])]);
  return Object.fromEntries(Object.entries(full).filter(([key]) => kept.has(key)));
}
