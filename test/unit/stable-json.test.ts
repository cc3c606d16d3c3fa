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
});
