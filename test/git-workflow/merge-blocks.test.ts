import { describe, expect, it } from 'vitest';
import { mergeDocument } from '../../core/git/merge/merge-document.js';
import { mergeSequence } from '../../core/git/merge/merge-sequence.js';
import { Conflict, mergeValues, pickSide } from '../../core/git/merge/three-way.js';
import { modelShape } from '../../core/git/merge/schema-shapes.js';
import { loadModels } from '../../core/schema/registry.js';
import { REPO_ROOT } from '../helpers/project.js';

// Rich text merges at the granularity people edit it: blocks one by one, dynamic-zone entries one by one.
const models = loadModels(REPO_ROOT);
const article = models.get('api::article.article')!;
const shape = modelShape(models, article);
const p = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const [a, b, c, d] = ['A', 'B', 'C', 'D'].map(p);

describe('mergeSequence: a list aligned as lines are', () => {
  it.each<[string, string[], string[], string[], string[]]>([
    ['different items changed', ['a', 'b', 'c'], ['A', 'b', 'c'], ['a', 'b', 'C'], ['A', 'b', 'C']],
    ['adjacent items changed', ['a', 'b', 'c'], ['a', 'B', 'c'], ['a', 'b', 'C'], ['a', 'B', 'C']],
    ['one inserts in the middle, the other edits after it', ['a', 'b', 'c'], ['a', 'x', 'b', 'c'], ['a', 'b', 'C'], ['a', 'x', 'b', 'C']],
    ['one removes, the other edits another', ['a', 'b', 'c'], ['a', 'c'], ['A', 'b', 'c'], ['A', 'c']],
    ['both add at the same place: both stay, ours first', ['a'], ['a', 'x'], ['a', 'y'], ['a', 'x', 'y']],
    ['the same change on both sides', ['a', 'b'], ['a', 'B'], ['a', 'B'], ['a', 'B']],
    ['duplicates pair in place', ['a', 'a', 'a'], ['a', 'X', 'a'], ['a', 'a', 'Y'], ['a', 'X', 'Y']],
  ])('%s', (_name, base, ours, theirs, expected) => {
    expect(mergeSequence(base, ours, theirs, (_b, o, t) => new Conflict(o, t))).toEqual(expected);
  });

  it('a list too long to align in its changed middle is one run, merged in bounded time and memory', () => {
    const base = Array.from({ length: 2100 }, (_, at) => `b${at}`);
    const ours = [...base.map((item) => `${item}o`)];
    const theirs = [...base.slice(0, 2099), 'changed'];
    const started = Date.now();
    const merged = mergeSequence(base, ours, theirs, (_b, o, t) => new Conflict(o, t));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(merged.filter((item) => item instanceof Conflict)).toHaveLength(1);
  });

  it('asks only for the item both replaced, item by item', () => {
    expect(mergeSequence(['a', 'b', 'c'], ['a', 'B1', 'C'], ['a', 'B2', 'c'], (_b, o, t) => new Conflict(o, t)))
      .toEqual(['a', new Conflict('B1', 'B2'), 'C']);
  });

  it('an item one side removed and the other edited is a span conflict; what was added after it stays', () => {
    expect(mergeSequence(['a', 'b', 'c'], ['a', 'c'], ['a', 'B', 'x', 'c'], (_b, o, t) => new Conflict(o, t)))
      .toEqual(['a', new Conflict([], ['B'], true), 'x', 'c']);
  });
});

describe('blocks and dynamic zones merge per block and per entry', () => {
  it('two people editing different paragraphs of a blocks field both keep their text', () => {
    const merged = mergeValues({ body: [a, b, c] }, { body: [p('A mine'), b, c] }, { body: [a, b, p('C theirs')] }, shape);
    expect(merged).toEqual({ body: [p('A mine'), b, p('C theirs')] });
  });

  it('a paragraph both changed is the one conflict, the other paragraphs merged around it', () => {
    const merged = mergeValues({ body: [a, b, c, d] }, { body: [p('A mine'), p('B mine'), c, d] },
      { body: [a, p('B theirs'), c, p('D theirs')] }, shape) as { body: unknown[] };
    expect(merged.body).toEqual([p('A mine'), new Conflict(p('B mine'), p('B theirs')), c, p('D theirs')]);
    expect(pickSide(merged, 'theirs')).toEqual({ body: [p('A mine'), p('B theirs'), c, p('D theirs')] });
  });

  it('a dynamic zone: an entry added on one side, another entry edited on the other, fields of one entry by both', () => {
    const quote = { __component: 'shared.quote', title: 'Q', body: 'B' };
    const rich = { __component: 'shared.rich-text', body: 'R' };
    const merged = mergeValues({ blocks: [quote, rich] },
      { blocks: [{ ...quote, title: 'Q mine' }, { __component: 'shared.rich-text', body: 'new' }, rich] },
      { blocks: [{ ...quote, body: 'B theirs' }, { ...rich, body: 'R theirs' }] }, shape);
    expect(merged).toEqual({ blocks: [{ ...quote, title: 'Q mine', body: 'B theirs' }, { __component: 'shared.rich-text', body: 'new' },
      { ...rich, body: 'R theirs' }] });
  });

  it('the merge driver merges a blocks field per paragraph and marks only a conflicting one', async () => {
    const json = (body: unknown[]) => `${JSON.stringify({ title: 'T', body }, null, 2)}\n`;
    const path = 'content/articles/x.json';
    const clean = await mergeDocument({ base: json([a, b]), ours: json([p('A2'), b]), theirs: json([a, p('B2')]), path }, models, article);
    expect(clean.conflicts).toBe(0);
    expect(JSON.parse(clean.text).body).toEqual([p('A2'), p('B2')]);
    const asks = await mergeDocument({ base: json([a, b]), ours: json([p('A2'), b]), theirs: json([p('A3'), b]), path }, models, article);
    expect(asks.conflicts).toBe(1);
    expect(asks.text).toContain('<<<<<<<');
  });
});
