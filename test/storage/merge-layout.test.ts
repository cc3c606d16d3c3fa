import { describe, expect, it } from 'vitest';
import { conflictBlocks } from '../../core/parsers/conflict-markers.js';
import { fileLayout } from '../../core/storage/merge-layout.js';

describe('fileLayout: which layout an existing file is in (an edit keeps it)', () => {
  it.each([
    ['{\n  "a": 1,\n\n  "b": 2\n}\n', 'json', 'merge-safe'],
    ['{\n  "a": 1,\n  "b": 2\n}\n', 'json', 'compact'],
    ['{\n  "a": {\n    "x": 1,\n\n    "y": 2\n  },\n  "b": 2\n}\n', 'json', 'compact'],
    ['{\n  "a": 1\n}\n', 'json', undefined],
    ['a: 1\n\nb: 2\n', 'yaml', 'merge-safe'],
    ['a: 1\nb: 2\n', 'yaml', 'compact'],
    ['# a comment\n\na: 1\nb: 2\n', 'yaml', 'compact'],
    ['a: |-\n  one\n\n  two\nb: 2\n', 'yaml', 'compact'],
    ['a: 1\n', 'yaml', undefined],
    ['---\na: 1\n\nb: 2\n---\n\nBody\n\nc: not a field\n', 'markdown', 'merge-safe'],
    ['---\na: 1\nb: 2\n---\n\nBody\n\nc: not a field\n', 'markdown', 'compact'],
  ] as const)('%j (%s) → %s', (text, format, expected) => {
    expect(fileLayout(text, format)).toBe(expected);
  });
});

describe('conflictBlocks: what git left unresolved', () => {
  it.each([
    ['{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "a": 2\n>>>>>>> b\n}\n', [{ start: 2, end: 6 }]],
    ['<<<<<<< ours\na\n||||||| base\nb\n=======\nc\n>>>>>>> theirs\nx\n<<<<<<<<<< o\nd\n==========\ne\n>>>>>>>>>> t\n',
      [{ start: 1, end: 7 }, { start: 9, end: 13 }]],
    ['Title\n=======\n\ntext\n', []],
    ['<<<<<<< HEAD\nno split, no end\n', []],
    ['a <<<<<<< b\n', []],
  ] as const)('%j → %j', (text, expected) => {
    expect(conflictBlocks(text)).toEqual(expected);
  });
});
