import type { Model } from '../schema/types.js';
import type { FieldRef } from './ast.js';
import { storedText, toComparable, type Comparable } from './cast.js';
import { readField, type Node } from './nodes.js';
import { BlockList } from './block-list.js';
import type { Cell, Truth } from './operators.js';

/**
 * One field of a whole list, laid out as arrays: scanning them is far cheaper than chasing nodes. The texts (and their
 * lower-cased form) are laid out only once a text comparison judges the whole list (`columnLower`). Each is kept in
 * blocks (`BlockList`): a create or a delete moves one block of each, not the tail of the list.
 */
export interface Column {
  values: BlockList<Comparable | null>;
  texts?: BlockList<string | null>;
  lower?: BlockList<string | null>;
}

/** Columns of the list a root filter runs over, built on first use and kept with the list. */
export interface Columns {
  /** Comparable values and texts of a scalar field. */
  cells(field: FieldRef): Column;
  /** Relation or media documentIds of an attribute, interned as numbers (see `References`). */
  references(name: string): References;
  /** The nodes of the list, in order. */
  nodes: BlockList<Node>;
  /** The list's model. */
  model: Model;
  /**
   * Verdicts of one comparison over the whole list (0 false, 1 true, 2 unknown), kept with the list;
   * `judge` gives one node's verdict, so a node spliced into the list later gets its own. Undefined
   * when the filter is judged at a few positions only (see `matchingPositions`) and none are kept:
   * the caller then judges each position it is asked about, reading the column.
   */
  verdicts(key: string, compute: () => Uint8Array, judge: (node: Node) => Truth): Uint8Array | undefined;
  /** The locale every node of the list has (undefined when the list mixes locales, `locale=*`). */
  locale: string | null | undefined;
}

/**
 * Related documentIds of every node of a list, interned: node `i` points at
 * `names[targets[offsets[i]]] … names[targets[offsets[i + 1] - 1]]`. Scanning two typed arrays
 * touches no strings and no objects.
 */
export interface References {
  offsets: Int32Array;
  targets: Int32Array;
  names: string[];
}

export function buildReferences(nodes: BlockList<Node>, name: string): References {
  const offsets = new Int32Array(nodes.length + 1);
  const targets: number[] = [];
  const ordinals = new Map<string, number>();
  const names: string[] = [];
  for (let i = 0; i < nodes.length; i++) {
    offsets[i] = targets.length;
    const value = nodes.at(i)!.data[name];
    for (const documentId of value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      let ordinal = ordinals.get(documentId as string);
      if (ordinal === undefined) {
        ordinals.set(documentId as string, (ordinal = names.length));
        names.push(documentId as string);
      }
      targets.push(ordinal);
    }
  }
  offsets[nodes.length] = targets.length;
  return { offsets, targets: Int32Array.from(targets), names };
}

/** Build the column of a field over a list of nodes: its comparable values (the texts wait for `columnLower`). */
export function buildColumn(nodes: BlockList<Node>, field: FieldRef): Column {
  return { values: BlockList.from(nodes.length, (i) => cellOf(nodes.at(i)!, field).value) };
}

/** The column's lower-cased texts (and its texts), laid out on the first text comparison over the whole list, then kept. */
export function columnLower(column: Column, nodes: BlockList<Node>, field: FieldRef): BlockList<string | null> {
  const texts = (column.texts ??= BlockList.from(nodes.length, (i) => cellOf(nodes.at(i)!, field).text));
  return (column.lower ??= BlockList.from(texts.length, (i) => lowerText(texts.at(i) ?? null)));
}

/** A text lower-cased (NULL stays NULL). */
export const lowerText = (text: string | null): string | null => (text === null ? null : text.toLowerCase());

const NULL_CELL: Cell = { value: null, text: null };

/** The comparable cell of a field, computed once per node and field. */
export function cellOf(node: Node | undefined, field: FieldRef): Cell {
  if (!node) return NULL_CELL;
  const cached = node.cells.get(field.name) as Cell | undefined;
  if (cached) return cached;
  const raw = readField(node, field.name);
  const cell: Cell = raw === null || raw === undefined
    ? NULL_CELL
    : { value: toComparable(raw, field.type), text: storedText(raw, field.type) };
  node.cells.set(field.name, cell);
  return cell;
}
