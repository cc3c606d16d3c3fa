import { describe, expect, it } from 'vitest';
import { documentStates } from '../../core/git/document-states.js';
import { checkProjectPath } from '../../core/git/git-input.js';
import { parsePorcelain } from '../../core/git/work-tree.js';

describe('parsePorcelain', () => {
  it.each([
    [' M site/content/articles/a.json\0', [{ path: 'content/articles/a.json', state: 'modified' }]],
    ['?? site/content/articles/b.json\0', [{ path: 'content/articles/b.json', state: 'new' }]],
    ['A  site/content/articles/c.json\0', [{ path: 'content/articles/c.json', state: 'new' }]],
    [' D site/content/articles/d.json\0', [{ path: 'content/articles/d.json', state: 'deleted' }]],
    ['UU site/content/articles/e.json\0', [{ path: 'content/articles/e.json', state: 'conflicted' }]],
    ['AA site/content/articles/e.json\0', [{ path: 'content/articles/e.json', state: 'conflicted' }]],
    ['R  site/content/articles/new.json\0site/content/articles/old.json\0?? site/schemas/x.json\0', [
      { path: 'content/articles/new.json', state: 'renamed', from: 'content/articles/old.json' },
      { path: 'schemas/x.json', state: 'new' },
    ]],
    ['', []],
  ])('reads %j', (out, expected) => {
    expect(parsePorcelain(out, 'site/')).toEqual(expected);
  });
});

describe('documentStates', () => {
  it('marks a document with a file in HEAD as modified, one without any as new, and leaves other folders out', () => {
    const changes = [
      { path: 'content/articles/a1.fr.json', state: 'new' as const },
      { path: 'content/articles/b2.draft.json', state: 'new' as const },
      { path: 'content/articles/c3.json', state: 'deleted' as const },
      { path: 'content/articles/d4.yaml', state: 'renamed' as const, from: 'content/articles/d4.json' },
      { path: 'content/categories/a1.json', state: 'modified' as const },
      { path: 'content/articles/nested/z.json', state: 'new' as const },
    ];
    expect({ ...documentStates(changes, 'content/articles', ['a1.json', 'c3.json', 'd4.json']) }).toEqual({ a1: 'modified', b2: 'new',
      c3: 'modified', d4: 'modified' });
  });

  it('reads a fan-out type\'s files in the sub-folder their id starts with (content/<type>/<xx>/)', () => {
    const changes = [
      { path: 'content/articles/e5/e5x.json', state: 'modified' as const },
      { path: 'content/articles/f6/f6y.draft.json', state: 'new' as const },
      { path: 'content/articles/zz/g7z.json', state: 'new' as const },
    ];
    expect({ ...documentStates(changes, 'content/articles', ['e5/e5x.json']) }).toEqual({ e5x: 'modified', f6y: 'new' });
  });

  it('keeps a documentId named __proto__ as a plain key', () => {
    const states = documentStates([{ path: 'content/articles/__proto__.json', state: 'new' }], 'content/articles', []);
    expect(Object.keys(states)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(states)).toBe(null);
  });
});

describe('checkProjectPath', () => {
  it.each(['content/articles/a.json', 'schemas/api/x/schema.json', 'public/uploads/cat.jpg'])('accepts %s', (path) => {
    expect(checkProjectPath(path)).toBe(path);
  });
  it.each(['', '-p', '--output=/tmp/x', '../content/a.json', 'content/../cms.config.json', '/content/a.json', 'content//a.json',
    'content\\a.json', 'content/a\0.json', 'public/index.html', '.git/config', 42])('refuses %j', (path) => {
    expect(() => checkProjectPath(path)).toThrow(/not a project path|outside|1 to 1000/);
  });
});
