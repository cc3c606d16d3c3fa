import { describe, expect, it } from 'vitest';
import { mergeDocument } from '../../core/git/merge/merge-document.js';
import { MAX_ALIGNED_CELLS, mergeSequence } from '../../core/git/merge/merge-sequence.js';
import { Conflict, mergeValues, pickSide, type Shape } from '../../core/git/merge/three-way.js';
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

  it('aligns a changed middle up to MAX_ALIGNED_CELLS base × side items, and past that takes it as one unaligned run', () => {
    // Ours changes the first and last item of the middle and adds one in it, theirs changes one after that.
    // Aligned, both are taken; as one run, ours' kept items stand shifted in it, so it is one span conflict, never paired by place.
    const side = Math.floor(Math.sqrt(MAX_ALIGNED_CELLS));
    const merge = (length: number) => {
      const base = Array.from({ length }, (_, at) => `b${at}`);
      const changed = base.map((item, at) => (at === 1 || at === length - 2 ? `${item}o` : item));
      const ours = [...changed.slice(0, 500), 'new', ...changed.slice(500, length - 1).filter((_, at) => at !== 10), changed[length - 1]];
      const theirs = base.map((item, at) => (at === 1000 ? 'T' : item));
      return { base, ours, theirs, merged: mergeSequence(base, ours, theirs, (_b, o, t) => new Conflict(o, t)) };
    };
    const aligned = merge(side + 1); // middle + 1 = side: side² cells, at the cap
    expect(aligned.merged.filter((item) => item instanceof Conflict)).toHaveLength(0);
    expect(aligned.merged).toEqual(aligned.ours.map((item) => (item === 'b1000' ? 'T' : item)));
    const past = merge(side + 2); // (side + 1)² cells, past the cap
    expect(past.merged).toEqual([past.base[0], new Conflict(past.ours.slice(1, -1), past.theirs.slice(1, -1), true), past.base.at(-1)]);
  });

  it('the lists of one merge share one alignment budget: a second list past what is left is one unaligned run', () => {
    const length = 1500; // a middle of 1,498 items: some 2.25 M cells, so two of them pass MAX_ALIGNED_CELLS
    const base = Array.from({ length }, (_, at) => `b${at}`);
    const ours = [...base.slice(0, 500), 'new', ...base.slice(500).filter((_, at) => at !== 10)].map((item, at) =>
      (at === 1 || at === length - 2 ? `${item}o` : item));
    const theirs = base.map((item, at) => (at === 1000 ? 'T' : item));
    const lists: Shape = { kind: 'record', field: () => ({ kind: 'list', item: () => ({ kind: 'atom' }) }) };
    const merged = mergeValues({ x: base, y: base }, { x: ours, y: ours }, { x: theirs, y: theirs }, lists) as Record<string, unknown[]>;
    expect(merged.x).toEqual(ours.map((item) => (item === 'b1000' ? 'T' : item)));
    expect(merged.y).toEqual([base[0], new Conflict(ours.slice(1, -1), theirs.slice(1, -1), true), base.at(-1)]);
    expect(mergeSequence(base, ours, theirs, (_b, o, t) => new Conflict(o, t))).toEqual(merged.x); // alone, it is aligned
  });

  it('reads each item a bounded number of times, however many base × side pairs the alignment weighs', () => {
    let reads = 0;
    const counted = (item: object) => new Proxy(item, {
      get: (target, key) => { reads += 1; return Reflect.get(target, key); },
      ownKeys: (target) => { reads += 1; return Reflect.ownKeys(target); },
    });
    // 1,000 blocks that each differ from the others only at their end, reordered by ours: a 1,000 × 1,000 table.
    const base = Array.from({ length: 1000 }, (_, at) => counted({ type: 'list', children: [...Array(80).fill(0), at] }));
    const ours = [...base].reverse();
    const theirs = [...base.slice(0, 999), counted({ type: 'list', children: [1] })];
    const merged = mergeSequence(base, ours, theirs, (_b, o, t) => new Conflict(o, t));
    expect(merged.length).toBeGreaterThan(0);
    expect(reads).toBeLessThan(20 * (base.length + ours.length + theirs.length));
  });

  it('merges lists of hundreds of thousands of items (no call with one argument per item)', () => {
    const mine = Array.from({ length: 170_000 }, (_, at) => at);
    const merged = mergeSequence([], mine, [1], (_b, o, t) => new Conflict(o, t));
    expect(merged).toHaveLength(170_001);
    expect(merged.slice(-2)).toEqual([169_999, 1]);
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

  it('a paragraph both sides kept never disappears when one side removed one block and added another (a span conflict)', () => {
    const h = { type: 'heading', level: 2, children: [{ type: 'text', text: 'H' }] };
    const [q, s, r] = ['q', 's', 'r'].map(p);
    const mine = [q, p('new'), s, r];
    const theirs = [p('H2'), p('q2'), p('s2'), r];
    const merged = mergeValues({ body: [h, q, s, r] }, { body: mine }, { body: theirs }, shape) as { body: unknown[] };
    expect(merged.body).toEqual([new Conflict([q, p('new'), s], [p('H2'), p('q2'), p('s2')], true), r]);
    expect(pickSide(merged, 'ours')).toEqual({ body: mine });
    expect(pickSide(merged, 'theirs')).toEqual({ body: theirs });
  });

  it('a dynamic zone entry is never merged into another entry that a removal and an addition moved into its place', () => {
    const entry = (title: string, body = 'B') => ({ __component: 'shared.quote', title, body });
    const rich = { __component: 'shared.rich-text', body: 'R' };
    const [q, s, r] = [entry('q'), entry('s'), entry('r')];
    const mine = [q, entry('new'), s, r];
    const theirs = [entry('H2'), { ...q, body: 'q theirs' }, { ...s, body: 's theirs' }, r];
    const merged = mergeValues({ blocks: [rich, q, s, r] }, { blocks: mine }, { blocks: theirs }, shape) as { blocks: unknown[] };
    expect(merged.blocks).toEqual([new Conflict(mine.slice(0, 3), theirs.slice(0, 3), true), r]);
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

  it('the merge driver merges a list of hundreds of thousands of items', async () => {
    const json = (body: unknown[]) => `${JSON.stringify({ title: 'T', body }, null, 2)}\n`;
    const mine = Array.from({ length: 170_000 }, (_, at) => at);
    const merged = await mergeDocument({ base: json([]), ours: json(mine), theirs: json([1]), path: 'content/articles/x.json' }, models, article);
    expect(merged.conflicts).toBe(0);
    expect(JSON.parse(merged.text).body).toEqual([...mine, 1]);
  });
});

describe('mergeSequence tells items apart exactly as sameData does', () => {
  it.each<[string, unknown, unknown]>([
    ['a string and the number it spells', '1', 1],
    ['null and a missing list item', null, undefined],
    ['null and NaN or Infinity (YAML has both)', null, Number.POSITIVE_INFINITY],
    ['a date and its ISO text', new Date(0), '1970-01-01T00:00:00.000Z'],
    ['a __proto__ field and none', JSON.parse('{"__proto__": {"x": 1}, "a": 1}'), { a: 1 }],
  ])('%s are different items: a change from one to the other is kept', (_name, before, after) => {
    expect(mergeSequence(['a', before, 'c'], ['a', after, 'c'], ['a', before, 'C'], (_b, o, t) => new Conflict(o, t)))
      .toEqual(['a', after, 'C']);
  });

  it('records equal but for key order or undefined fields are the same item', () => {
    // Ours kept the record (only its key order differs), so theirs' change to it is taken without asking.
    const merged = mergeSequence([{ a: 1, b: 2 }, 'x'], [{ b: 2, a: 1, c: undefined }, 'X'], [{ a: 1, b: 3 }, 'x'],
      (_b, o, t) => new Conflict(o, t));
    expect(merged).toEqual([{ a: 1, b: 3 }, 'X']);
  });
});
