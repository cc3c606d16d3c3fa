/** A buffer of a `TextSlab`'s run kept in memory: from offset `base` of the run, `length` bytes. */
export interface Held {
  base: number;
  length: number;
  bytes: Buffer;
}

/** The buffer of `list` (by offset) that holds the byte at `offset`, if any. */
export function heldAt(list: readonly Held[], offset: number): Held | undefined {
  for (let i = list.length - 1; i >= 0; i--) {
    const held = list[i];
    if (held.base <= offset) return offset < held.base + held.length ? held : undefined;
  }
  return undefined;
}

/** Add `held` to `list`, kept in the order of their offsets (a failed write may end after later buffers were held). */
export function holdInOrder(list: Held[], held: Held): void {
  let i = list.length;
  while (i > 0 && list[i - 1].base > held.base) i--;
  list.splice(i, 0, held);
}
