import { describe, expect, it } from 'vitest';
import { splitDuplicates } from '../../core/index/duplicate-files.js';
import type { FileRecord } from '../../core/index/read-file.js';
import { fileLayout } from '../../core/storage/merge-layout.js';
import { sameData } from '../../core/storage/serialize.js';

// The checks every write makes, answered without their work arrays: each agrees with the way it was answered before
// (written out here as the reference), over generated inputs.

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)];

describe('splitDuplicates without the sorted copy', () => {
  const reference = (records: FileRecord[]) => {
    const byVersion = new Map<string, FileRecord>();
    const duplicates: string[] = [];
    for (const record of [...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
      const key = `${record.locale}|${record.draft}`;
      if (byVersion.has(key)) duplicates.push(record.file);
      else byVersion.set(key, record);
    }
    return { served: duplicates.length ? [...byVersion.values()] : records, duplicates };
  };
  const record = (file: string, locale: string | null, draft: boolean) => ({ file, locale, draft }) as FileRecord;

  it('serves the same files and reports the same duplicates as the sorted split, for 2 to 10 files', () => {
    const next = random(43);
    for (let round = 0; round < 2000; round++) {
      const count = 2 + Math.floor(next() * 9);
      const records = Array.from({ length: count }, (_, at) => record(
        `content/articles/${pick(next, ['a', 'b', 'c'])}${at}.${pick(next, ['json', 'yaml', 'md'])}`,
        pick(next, ['en', 'fr', 'de', null]), next() < 0.5,
      ));
      const { served, duplicates } = splitDuplicates(records);
      const expected = reference(records);
      expect(served, `round ${round}`).toEqual(expected.served);
      expect(duplicates.map((error) => error.file), `round ${round}`).toEqual(expected.duplicates);
    }
  });

  it('hands back the very list it was given when no two files hold one version', () => {
    const records = [record('content/a.json', 'en', false), record('content/a.draft.json', 'en', true), record('content/a.fr.json', 'fr', false)];
    expect(splitDuplicates(records).served).toBe(records);
  });
});

describe('sameData without key arrays', () => {
  const reference = (a: unknown, b: unknown): boolean => {
    if (a === b) return true;
    if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => reference(item, b[i]));
    const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => reference(a[key], b[key]));
  };
  const value = (next: () => number, depth: number): unknown => {
    const kind = next();
    if (depth > 2 || kind < 0.45) return pick(next, [1, 2, 'x', 'y', null, true, undefined, 0]);
    if (kind < 0.7) return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1));
    const record: Record<string, unknown> = depth % 2 ? {} : Object.create(null);
    for (const key of ['a', 'b', 'c'].filter(() => next() < 0.6)) record[key] = value(next, depth + 1);
    return record;
  };

  it('answers as the Object.keys comparison does: key order ignored, undefined values as absent', () => {
    const next = random(7);
    let equal = 0;
    for (let round = 0; round < 5000; round++) {
      const a = value(next, 0);
      const b = next() < 0.4 ? structuredClone(a) : value(next, 0);
      const same = sameData(a, b);
      if (same) equal++;
      expect(same, `round ${round}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(reference(a, b));
    }
    // Both answers were exercised.
    expect(equal).toBeGreaterThan(100);
    expect(equal).toBeLessThan(4900);
  });

  it('tells apart an extra key, a missing key and a changed value, and ignores an inherited one', () => {
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, c: 2 })).toBe(false);
    expect(sameData({ a: 1, c: 2 }, { a: 1 })).toBe(false);
    expect(sameData({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toBe(false);
    expect(sameData(Object.assign(Object.create({ inherited: 1 }), { a: 1 }), { a: 1 })).toBe(true);
  });
});

describe('fileLayout of a JSON file without match arrays', () => {
  const reference = (text: string) => {
    const key = /^ {2}"/gm;
    let keys = 0;
    let spaced = false;
    for (let match = key.exec(text); match; match = key.exec(text)) {
      if (keys++ > 0 && /\n[ \t]*\r?\n$/.test(text.slice(Math.max(0, match.index - 8), match.index))) spaced = true;
      if (spaced) break;
    }
    return keys < 2 ? undefined : spaced ? 'merge-safe' : 'compact';
  };

  it('finds the layout the exec walk found, spaced, compact, one key, CRLF and U+2028 line ends included', () => {
    const next = random(11);
    const ends = ['\n', '\n\n', '\r\n', '\r\n\r\n', '\n \n', '\u2028', '\r'];
    for (let round = 0; round < 3000; round++) {
      const count = Math.floor(next() * 5);
      let text = '{';
      for (let at = 0; at < count; at++) text += `${at ? ',' : ''}${pick(next, ends)}${pick(next, ['  ', '    ', ' '])}"k${at}": ${pick(next, ['1', '"a\u2028  "', '[]'])}`;
      text += '\n}\n';
      expect(fileLayout(text, 'json'), `round ${round}: ${JSON.stringify(text)}`).toBe(reference(text));
    }
  });
});
