import { describe, expect, it } from 'vitest';
// The conflict panel's data code (no DOM): tested in Node.
// @ts-expect-error: a browser ES module without type declarations
import { formFor, settle } from '../../studio/conflict-merge.js';
// @ts-expect-error: a browser ES module without type declarations
import { differing, textOf } from '../../studio/conflict-text.js';

const p = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });

describe('the conflict panel turns the server\'s merge into form values', () => {
  it('settles each spot as chosen: a block run replaced by the side\'s blocks, a removed block gone', () => {
    const value = [p('one'), null, p('three'), null];
    const conflicts = [
      { path: [1], mine: [p('two mine')], theirs: [p('two theirs'), p('two and a half')], span: true },
      { path: [3], mine: [], theirs: [p('four theirs')], span: true },
    ];
    expect(settle(value, conflicts, () => 'mine')).toEqual([p('one'), p('two mine'), p('three')]);
    expect(settle(value, conflicts, () => 'theirs')).toEqual([p('one'), p('two theirs'), p('two and a half'), p('three'), p('four theirs')]);
  });

  it('settles a conflict on a whole field and inside an entry', () => {
    expect(settle(null, [{ path: [], mine: 'M', theirs: 'T' }], () => 'theirs')).toBe('T');
    const entry = { __component: 'shared.quote', title: null, body: 'B' };
    expect(settle([entry], [{ path: [0, 'title'], mine: 'M', theirs: 'T' }], () => 'mine')).toEqual([{ ...entry, title: 'M' }]);
  });

  it('builds form values from the sides\' own form values, so entries keep their keys and relations their labels', () => {
    const mineForm = [{ __key: 'k1', __component: 'shared.quote', title: 'Q mine', body: 'B', views: '2' }];
    const theirsForm = [{ __key: 'k9', __component: 'shared.quote', title: 'Q', body: 'B theirs', views: '2' },
      { __key: 'k10', __component: 'shared.rich-text', body: 'new' }];
    const mine = { body: [{ __component: 'shared.quote', title: 'Q mine', body: 'B', views: 2 }], form: mineForm };
    const theirs = { body: [{ __component: 'shared.quote', title: 'Q', body: 'B theirs', views: 2 },
      { __component: 'shared.rich-text', body: 'new' }], form: theirsForm };
    const merged = [{ __component: 'shared.quote', title: 'Q mine', body: 'B theirs', views: 2 }, { __component: 'shared.rich-text', body: 'new' }];
    expect(formFor(merged, mine, theirs)).toEqual([
      { __key: 'k1', __component: 'shared.quote', title: 'Q mine', body: 'B theirs', views: '2' }, theirsForm[1],
    ]);
    expect(formFor(theirs.body, mine, theirs)).toBe(theirsForm);
  });
});

describe('the text of each side', () => {
  it.each<[string, unknown, boolean, string]>([
    ['a long text whole, never cut', 'x'.repeat(500), false, 'x'.repeat(500)],
    ['blocks as their words', [p('one'), { type: 'list', children: [{ type: 'list-item', children: [{ type: 'text', text: 'a' }] },
      { type: 'list-item', children: [{ type: 'text', text: 'b' }] }] }], false, 'one\n\na\nb'],
    ['a removed run', [], true, '(removed)'],
    ['an entry as its fields', { __component: 'shared.quote', title: 'Q', body: 'B' }, false, '[shared.quote]\ntitle: Q\nbody: B'],
    ['nothing', null, false, '(empty)'],
  ])('%s', (_name, value, run, expected) => {
    expect(textOf(value, run)).toBe(expected);
  });

  it('cuts each side around the part that differs, so it can be marked', () => {
    const long = 'Same start. '.repeat(20);
    expect(differing(`${long}mine end`, `${long}theirs end`)).toEqual([long, 'mine', ' end']);
    expect(differing('same', 'same')).toEqual(['same', '', '']);
    expect(differing('Ben ends it.', 'Ann ends it.')).toEqual(['', 'Ben', ' ends it.']);
  });
});
