import { ValidationError } from '../errors.js';
import type { PopulateMap, PopulateNode } from './ast.js';
import type { QueryContext } from './context.js';
import type { Node } from './nodes.js';
import { isCountOnly, populatedNodes } from './render.js';

/**
 * Populate multiplies: ten alternating `tags`/`articles` levels in a 300-byte URL would build a
 * 146 MB answer on the sample site. Both bounds are checked before anything is rendered, so an
 * over-large request costs milliseconds and answers Strapi's 400 ValidationError.
 */

/** The populate maps one level below a node: its own, and each dynamic-zone fragment's. */
function innerMaps(node: PopulateNode): PopulateMap[] {
  const maps = node.populate ? [node.populate] : [];
  for (const fragment of node.on?.values() ?? []) if (fragment.populate) maps.push(fragment.populate);
  return maps;
}

/** The attribute path of the first populate level deeper than `max`, or undefined. */
function firstTooDeep(map: PopulateMap, depth: number, max: number): string[] | undefined {
  for (const [name, node] of map) {
    if (depth > max) return [name];
    for (const inner of innerMaps(node)) {
      const deeper = firstTooDeep(inner, depth + 1, max);
      if (deeper) return [name, ...deeper];
    }
  }
  return undefined;
}

/**
 * Reject a populate tree nesting more than `maxDepth` levels (`api.rest.maxPopulateDepth`);
 * `populate=author` is one level, `populate[author][populate][avatar]=true` two.
 *
 * @example
 * checkPopulateDepth(query.populate, 10) // throws ValidationError naming the path at level 11
 */
export function checkPopulateDepth(populate: PopulateMap, maxDepth: number): void {
  const path = firstTooDeep(populate, 1, maxDepth);
  if (!path) return;
  throw new ValidationError(`Populate is nested too deep: at most ${maxDepth} levels (api.rest.maxPopulateDepth)`, {
    key: path[path.length - 1], path: path.join('.'), source: 'query', param: 'populate', maxDepth,
  });
}

/**
 * Reject a populate that would put more than `max` entries (related documents, media files,
 * component items) into one answer (`api.rest.maxPopulatedEntries`). It walks the index the way
 * rendering will, counting, and stops at the first entry over the budget: the walk costs at most
 * the budget, never the answer.
 *
 * @example
 * checkPopulateBudget(ctx, pageNodes, query.populate, 10_000) // throws ValidationError when over
 */
export function checkPopulateBudget(ctx: QueryContext, nodes: Node[], populate: PopulateMap, max: number): void {
  if (!populate.size) return;
  let left = max;
  const walk = (parents: Node[], map: PopulateMap): void => {
    for (const parent of parents) {
      for (const [name, options] of map) {
        if (isCountOnly(parent, name, options)) continue;
        const children = populatedNodes(ctx, parent, name, options);
        left -= children.length;
        if (left < 0) {
          throw new ValidationError(`Populate would put more than ${max} entries into one answer (api.rest.maxPopulatedEntries): `
            + 'populate fewer levels, filter them, or ask for a smaller page', {
            source: 'query', param: 'populate', maxEntries: max,
          });
        }
        if (options.on) for (const child of children) walk([child], options.on.get(child.model.uid)?.populate ?? new Map());
        else if (options.populate?.size) walk(children, options.populate);
      }
    }
  };
  walk(nodes, populate);
}
