import { describe, expect, it } from 'vitest';
import { placeOf } from '../../core/index/patchable.js';

const byFirst = (a: [number, string], b: [number, string]) => a[0] - b[0];
const one: [number, string] = [1, 'a'];
const two: [number, string] = [3, 'b'];
const twin: [number, string] = [3, 'c'];
const three: [number, string] = [5, 'd'];
const list = [one, two, twin, three];

describe('placeOf: where an item itself sits in a sorted list (binary search, then over its equals)', () => {
  it.each([
    ['the first', one, 0],
    ['the first of two equals', two, 1],
    ['the second of two equals (found by identity)', twin, 2],
    ['the last', three, 3],
    ['an equal that is not in the list', [3, 'x'] as [number, string], -1],
    ['a key that is not in the list', [4, 'y'] as [number, string], -1],
  ])('%s', (_, item, expected) => {
    expect(placeOf(list, item, byFirst)).toBe(expected);
  });
});
