import { describe, expect, it } from 'vitest';
import { mergeDocument } from '../../core/git/merge/merge-document.js';
import { ATOM, Conflict, inferShape, mergeValues, pickSide, type Shape } from '../../core/git/merge/three-way.js';
import { loadModels } from '../../core/schema/registry.js';
import { REPO_ROOT } from '../helpers/project.js';

const models = loadModels(REPO_ROOT);
const article = models.get('api::article.article')!;
const RECORD: Shape = { kind: 'record', field: () => ATOM };
const SET: Shape = { kind: 'set' };

describe('mergeValues: a 3-way merge of one value', () => {
  it.each<[string, unknown, unknown, unknown, Shape, unknown]>([
    ['different keys of a record', { a: 1, b: 1 }, { a: 2, b: 1 }, { a: 1, b: 3 }, RECORD, { a: 2, b: 3 }],
    ['a key one side added, one the other removed', { a: 1, b: 1 }, { a: 1, b: 1, c: 1 }, { a: 1 }, RECORD, { a: 1, c: 1 }],
    ['the same change on both sides', { a: 1 }, { a: 2 }, { a: 2 }, RECORD, { a: 2 }],
    ['a set: both add, one removes', ['x', 'y'], ['x', 'y', 'o'], ['t', 'y'], SET, ['t', 'y', 'o']],
    ['a set: theirs inserts after its predecessor', ['x', 'z'], ['x', 'z', 'o'], ['x', 'y', 'z'], SET, ['x', 'y', 'z', 'o']],
    ['a list by position: different items', [{ a: 1 }, { a: 1 }], [{ a: 2 }, { a: 1 }], [{ a: 1 }, { a: 3 }], inferShape([{}]),
      [{ a: 2 }, { a: 3 }]],
    ['a list by position: both append', [{ a: 1 }], [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 3 }], inferShape([{}]),
      [{ a: 1 }, { a: 2 }, { a: 3 }]],
    ['a list by id: reordered and edited', [{ id: 1, a: 1 }, { id: 2, a: 1 }], [{ id: 2, a: 1 }, { id: 1, a: 1 }],
      [{ id: 1, a: 1 }, { id: 2, a: 5 }], inferShape([{}]), [{ id: 2, a: 5 }, { id: 1, a: 1 }]],
  ])('%s', (_name, base, ours, theirs, shape, expected) => {
    expect(mergeValues(base, ours, theirs, shape)).toEqual(expected);
  });

  it('leaves a conflict exactly where both sides changed one value differently', () => {
    const merged = mergeValues({ a: 1, b: { c: 1, d: 1 } }, { a: 2, b: { c: 2, d: 1 } }, { a: 1, b: { c: 3, d: 4 } },
      { kind: 'record', field: () => RECORD });
    expect(merged).toEqual({ a: 2, b: { c: new Conflict(2, 3), d: 4 } });
    expect(pickSide(merged, 'ours')).toEqual({ a: 2, b: { c: 2, d: 4 } });
    expect(pickSide(merged, 'theirs')).toEqual({ a: 2, b: { c: 3, d: 4 } });
  });

  it('a list without ids is aligned as lines are: one side removes an item, the other edits the next, both stay', () => {
    expect(mergeValues([{ a: 1 }, { a: 2 }], [{ a: 2 }], [{ a: 1 }, { a: 3 }], inferShape([{}]))).toEqual([{ a: 3 }]);
  });

  it('a list item one side removed and the other edited is one span conflict, each side the run it holds', () => {
    const merged = mergeValues([{ a: 1 }, { a: 2 }], [{ a: 2 }], [{ a: 5 }, { a: 2 }], inferShape([{}]));
    expect(merged).toEqual([new Conflict([], [{ a: 5 }], true), { a: 2 }]);
    expect(pickSide(merged, 'ours')).toEqual([{ a: 2 }]);
    expect(pickSide(merged, 'theirs')).toEqual([{ a: 5 }, { a: 2 }]);
  });

});

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-02-01T00:00:00.000Z';
const T2 = '2025-03-01T00:00:00.000Z';
const json = (fields: Record<string, unknown>) => `${JSON.stringify(fields, null, 2)}\n`;
const merge = (base: string, ours: string, theirs: string, path: string) => mergeDocument({ base, ours, theirs, path }, models, article);

describe('mergeDocument: one content file, field by field', () => {
  const base = { title: 'Rome', description: 'Coffee', tags: ['t1'], views: 1, createdAt: T0, updatedAt: T0, publishedAt: T0 };

  it('JSON: adjacent fields both sides changed merge clean, with the latest timestamps, in canonical form', async () => {
    const result = await merge(json(base), json({ ...base, title: 'Rome!', tags: ['t1', 't2'], updatedAt: T1, publishedAt: T1 }),
      json({ ...base, description: 'Tea', tags: ['t3', 't1'], updatedAt: T2, publishedAt: T2 }), 'content/articles/x.json');
    expect(result.conflicts).toBe(0);
    expect(JSON.parse(result.text))
      .toEqual({ ...base, title: 'Rome!', description: 'Tea', tags: ['t3', 't1', 't2'], updatedAt: T2, publishedAt: T2 });
    expect(Object.keys(JSON.parse(result.text)))
      .toEqual(['title', 'description', 'tags', 'views', 'createdAt', 'updatedAt', 'publishedAt']);
  });

  it('JSON: a field both sides changed is one conflict, marked around that field only', async () => {
    const result = await merge(json(base), json({ ...base, title: 'Ours', views: 2, updatedAt: T1 }),
      json({ ...base, title: 'Theirs', description: 'Tea', updatedAt: T2 }), 'content/articles/x.json');
    expect(result.conflicts).toBe(1);
    expect(result.text).toBe([
      '{',
      '<<<<<<< content/articles/x.json (ours)',
      '  "title": "Ours",',
      '=======',
      '  "title": "Theirs",',
      '>>>>>>> content/articles/x.json (theirs)',
      '  "description": "Tea",',
      '  "tags": [',
      '    "t1"',
      '  ],',
      '  "views": 2,',
      `  "createdAt": "${T0}",`,
      `  "updatedAt": "${T2}",`,
      `  "publishedAt": "${T0}"`,
      '}',
      '',
    ].join('\n'));
  });

  it('components merge per field, dynamic zones per item', async () => {
    const seo = { metaTitle: 'Rome', metaDescription: 'About Rome' };
    const blocks = [{ __component: 'shared.quote', title: 'Q', body: 'B' }, { __component: 'shared.rich-text', body: 'R' }];
    const start = { ...base, seo, blocks };
    const result = await merge(json(start),
      json({ ...start, seo: { ...seo, metaTitle: 'Roma' }, blocks: [{ ...blocks[0], title: 'Q2' }, blocks[1]] }),
      json({ ...start, seo: { ...seo, metaDescription: 'All about Rome' }, blocks: [blocks[0], { ...blocks[1], body: 'R2' }] }),
        'content/articles/x.json');
    expect(result.conflicts).toBe(0);
    expect(JSON.parse(result.text)).toMatchObject({ seo: { metaTitle: 'Roma', metaDescription: 'All about Rome' },
      blocks: [{ title: 'Q2', body: 'B' }, { body: 'R2' }] });
  });

  it('YAML: keeps our comments and merges adjacent lines', async () => {
    const yaml = (title: string, description: string, updatedAt: string) => (
      `# Edited by hand\ntitle: ${title} # the headline\ndescription: ${description}\ncreatedAt: ${T0}\nupdatedAt: ${updatedAt}\n`);
    const result = await merge(yaml('Rome', 'Coffee', T0), yaml('Roma', 'Coffee', T1), yaml('Rome', 'Tea', T2), 'content/articles/x.yaml');
    expect(result).toEqual({ text: yaml('Roma', 'Tea', T2), conflicts: 0 });
  });

  it('YAML: a conflict is marked in YAML', async () => {
    const yaml = (title: string) => `title: ${title}\nviews: 1\ncreatedAt: ${T0}\n`;
    const result = await merge(yaml('Rome'), yaml('Ours'), yaml('Theirs'), 'content/articles/x.yaml');
    expect(result.conflicts).toBe(1);
    expect(result.text).toBe(`<<<<<<< content/articles/x.yaml (ours)\ntitle: Ours\n=======\ntitle: Theirs\n>>>>>>> content/articles/x.yaml (theirs)\nviews: 1\ncreatedAt: ${T0}\n`);
  });

  it('Markdown: front matter per field, the body line by line', async () => {
    const md = (title: string, views: number, body: string) => `---\ntitle: ${title}\nviews: ${views}\ncreatedAt: ${T0}\n---\n\n${body}\n`;
    const body = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.';
    const result = await merge(md('Rome', 1, body), md('Roma', 1, body.replace('First', 'Our first')),
      md('Rome', 2, body.replace('Third', 'Their third')), 'content/articles/x.md');
    expect(result).toEqual({ text: md('Roma', 2, 'Our first paragraph.\n\nSecond paragraph.\n\nTheir third paragraph.'), conflicts: 0 });
  });

  it('Markdown: a body line both sides changed is a conflict in the body', async () => {
    const md = (body: string) => `---\ntitle: Rome\n---\n\n${body}\n`;
    const result = await merge(md('One line.'), md('Our line.'), md('Their line.'), 'content/articles/x.md');
    expect(result.conflicts).toBe(1);
    expect(result.text)
      .toContain('<<<<<<< content/articles/x.md (ours)\nOur line.\n=======\nTheir line.\n>>>>>>> content/articles/x.md (theirs)');
  });

  it('two sides that both created the file (no base) merge per field', async () => {
    const result = await merge('', json({ title: 'A', views: 1, createdAt: T1, updatedAt: T1 }),
      json({ title: 'A', featured: true, createdAt: T0, updatedAt: T2 }), 'content/articles/x.json');
    expect(result.conflicts).toBe(0);
    expect(JSON.parse(result.text)).toEqual({ title: 'A', views: 1, featured: true, createdAt: T0, updatedAt: T2 });
  });

  it('throws on a version that does not parse (the driver then merges lines)', async () => {
    await expect(merge(json(base), '{ broken', json(base), 'content/articles/x.json')).rejects.toThrow();
  });
});
