import type { PopulateMap, PopulateNode } from './ast.js';

/** Several populate directives for one key (`populate=a.b&populate[a][fields]=x`) become one node. */

export function mergePopulateNode(map: PopulateMap, key: string, node: PopulateNode): void {
  const existing = map.get(key);
  if (!existing) { map.set(key, node); return; }
  if (node.populate) {
    existing.populate ??= new Map();
    for (const [inner, innerNode] of node.populate) mergePopulateNode(existing.populate, inner, innerNode);
  }
  if (node.on) {
    // Listed fragments restrict the zone only when every request for it did.
    existing.fragments = existing.on ? !!(existing.fragments && node.fragments) : node.fragments;
    existing.on ??= new Map();
    for (const [uid, innerNode] of node.on) {
      const current = existing.on.get(uid);
      if (!current) existing.on.set(uid, innerNode);
      else if (innerNode.populate) {
        current.populate ??= new Map();
        for (const [inner, deeper] of innerNode.populate) mergePopulateNode(current.populate, inner, deeper);
      }
    }
  }
  for (const option of ['fields', 'filters', 'sort', 'count'] as const) {
    if (node[option] !== undefined) (existing as Record<string, unknown>)[option] = node[option];
  }
}
