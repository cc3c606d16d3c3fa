import type { Node } from './nodes.js';
import type { Truth } from './operators.js';

/**
 * A compiled filter: called once per node, with everything that does not depend on the node done
 * once. `position` is the node's place in the list being filtered, when columns of that list are
 * available (see `Columns`); nested filters pass -1 and read the node itself.
 */
export type Predicate = (node: Node | undefined, position: number) => Truth;

/** SQL's three-valued AND: false wins, then unknown. */
export const and = (a: Truth, b: Truth): Truth => (a === false || b === false ? false : a === null || b === null ? null : true);
/** SQL's three-valued OR: true wins, then unknown. */
export const or = (a: Truth, b: Truth): Truth => (a === true || b === true ? true : a === null || b === null ? null : false);
