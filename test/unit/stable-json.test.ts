import { describe, expect, it } from 'vitest';
import { stableJson } from '../../core/service/document-version.js';

describe('stableJson: the text a document version hashes', () => {
  it('spells nested fields with keys sorted at every level, as JSON.stringify spells each value', () => {
    const fields = { b: [1, 'two', null, { z: true, a: [] }], a: { d: 'é"\n', c: 1.5 }, e: {}, f: [[]] };
    expect(stableJson(fields)).toBe('{"a":{"c":1.5,"d":"é\\"\\n"},"b":[1,"two",null,{"a":[],"z":true}],"e":{},"f":[[]]}');
  });

  it('is the same text whatever order the file kept the keys in', () => {
    expect(stableJson({ x: 1, y: { q: 2, p: 3 } })).toBe(stableJson({ y: { p: 3, q: 2 }, x: 1 }));
  });

  it('spells a missing value as null', () => {
    expect(stableJson(undefined)).toBe('null');
    expect(stableJson([undefined])).toBe('[null]');
  });

  it('orders keys as sort() does, short and long lists alike: numeric keys as text, capitals before small letters, by code unit', () => {
    const keys = ['10', '9', 'b', 'B', 'a', 'é', 'Z', '_', 'aa', 'a b', ''];
    const sortOrder = (record: Record<string, number>) => `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${record[key]}`).join(',')}}`;
    const few = Object.fromEntries(keys.map((key, at) => [key, at]));
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, at) => [`k${(at * 7) % 40}`, at]));
    expect(stableJson(few)).toBe(sortOrder(few));
    expect(stableJson(many)).toBe(sortOrder(many));
    expect(stableJson(few)).toBe(stableJson(Object.fromEntries(Object.entries(few).reverse())));
  });

  it('spells the same key the same way each time it is met', () => {
    expect(stableJson({ 'a"b': 1 })).toBe('{"a\\"b":1}');
    expect(stableJson([{ 'a"b': 1 }, { 'a"b': 2 }])).toBe('[{"a\\"b":1},{"a\\"b":2}]');
  });
});
