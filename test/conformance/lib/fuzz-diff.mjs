// Differences between two normalised answers, grouped by kind: method, the two statuses, and the
// shape of the first JSON path where they differ (array positions as []), so a thousand instances of
// one bug count once.
import { isDeepStrictEqual } from 'node:util';

/** The first path (as segments) where two values differ, or undefined when they are equal. */
export function firstDifference(a, b, path = []) {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a)
      ? Array.from({ length: Math.max(a.length, b.length) }, (_, at) => String(at))
      : [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], [...path, key]);
      if (found) return found;
    }
    // same entries, other key order: never compared
    return undefined;
  }
  return path;
}

/** `['body', 'data', '3', 'title']` → `.body.data[].title`. */
export const pathShape = (path) => path.map((part) => (/^\d+$/.test(part) ? '[]' : `.${part}`)).join('') || '.';

export const valueAt = (value, path) => path.reduce((at, key) => (at == null ? undefined : at[key]), value);

/**
 * The kind of a difference between Strapi's normalised answer and ours, or undefined when none.
 *
 * @example
 * differenceKind('GET', { status: 200, body: { data: [1] } }, { status: 200, body: { data: [2] } })
 * // { kind: 'GET 200/200 .body.data[]', path: ['body', 'data', '0'] }
 */
export function differenceKind(method, strapi, ours) {
  const path = firstDifference(strapi, ours);
  if (!path) return undefined;
  return { kind: `${method} ${strapi.status}/${ours.status} ${pathShape(path)}`, path };
}

/**
 * The "Project choices" row (contract/strapi-v5-notes.md) a request falls under, when its difference
 * follows from one: such differences are counted apart, not as kinds to fix.
 */
export function knownChoice(kase, strapi, ours) {
  const query = new URLSearchParams(kase.path.split('?')[1] ?? '');
  const order = (answer) => (Array.isArray(answer?.body?.data) ? answer.body.data.map((item) => item?.documentId).join() : undefined);
  // a list without `sort`: Strapi's rows come in the database's natural order (a republished
  // document's row is new), this server's in creation order
  const sortKeys = [...query.entries()].filter(([key]) => key === 'sort' || key.startsWith('sort['))
    .flatMap(([, value]) => value.split(',')).map((item) => item.split(':')[0].trim());
  if (kase.method === 'GET' && order(strapi) !== undefined && order(ours) !== undefined && order(strapi) !== order(ours)) {
    if (!sortKeys.length) return 'Default list order (no `sort`)';
    // rows the sort ties keep that same order: the same rows, and the same sort values position by position
    const keysOf = (answer) => JSON.stringify(answer.body.data.map((item) => sortKeys.map((key) => valueAt(item, key.split('.')))));
    // (numeric ids are classes numbered in answer order: another order renumbers them)
    const rows = (answer) => answer.body.data
      .map((item) => JSON.stringify(item, (key, value) => (key === 'id' ? undefined : value))).sort().join();
    if (keysOf(strapi) === keysOf(ours) && rows(strapi) === rows(ours)) return 'Default list order (no `sort`), among rows a `sort` ties';
  }
  const status = query.getAll('status');
  if (status.length && status.some((value) => value !== 'draft' && value !== 'published')) return '`status` other than draft/published';
  if (kase.method !== 'GET' && query.get('locale') === 'xx') return 'Unknown locale code on a write';
  // Strapi 500s (or, for a list operator on SQLite, answers); this server names the value it cannot cast
  if (ours?.status === 400 && strapi?.status !== 400 && /^Invalid value .* expected an? /.test(ours.body?.error?.message ?? '')) {
    return 'Uncastable filter value';
  }
  if (strapi?.status === 500 && ours?.status >= 400 && ours?.status < 500) return 'A Strapi 500 that no listed row covers';
  return undefined;
}
