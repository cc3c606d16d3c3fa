import { describe, expect, it } from 'vitest';
import type { FileError } from '../../core/errors.js';
import { RowsById } from '../../core/index/rows-by-id.js';
import type { Row } from '../../core/types.js';

const row = (id: number, key: string, file: string, uid = 'api::a.a') => ({ id, key, file, uid }) as unknown as Row;

describe('rows by id, built on first use', () => {
  it('reports a row whose id another row already holds, after a load, as the first lookup would', () => {
    const rows = [row(7, 'a|1', 'content/a/1.json'), row(9, 'a|2', 'content/a/2.json'), row(7, 'b|3', 'content/b/3.json')];
    const problems: FileError[] = [];
    const byId = new RowsById(() => rows, (problem) => problems.push(problem));
    byId.checkAfterLoad();
    expect(problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      'content/b/3.json: id 7 collides with content/a/1.json; rename one documentId',
    ]);
    expect(byId.get(7)).toBe(rows[0]);
    expect(byId.get(9)).toBe(rows[1]);
  });

  it('builds nothing after a load without collisions, and answers lookups and changes once asked', () => {
    const rows = [row(1, 'a|1', 'content/a/1.json'), row(2, 'a|2', 'content/a/2.json')];
    let walks = 0;
    const problems: FileError[] = [];
    const byId = new RowsById(() => { walks++; return rows; }, (problem) => problems.push(problem));
    byId.checkAfterLoad();
    expect(walks).toBe(1);
    byId.store([row(3, 'a|3', 'content/a/3.json')]); // before the map exists: the table (allRows) holds it
    rows.push(row(3, 'a|3', 'content/a/3.json'));
    expect(byId.get(3)?.file).toBe('content/a/3.json');
    expect(walks).toBe(2);
    byId.remove([rows[0]]);
    expect(byId.get(1)).toBeUndefined();
    byId.store([row(2, 'c|9', 'content/c/9.json')]);
    expect(problems.map((problem) => problem.file)).toEqual(['content/c/9.json']);
    expect(walks).toBe(2);
  });

  it('a write before anything asks by id builds nothing (its old rows are removed from no map), and a later lookup sees the rows as they are', () => {
    const rows = [row(1, 'a|1', 'content/a/1.json'), row(2, 'a|2', 'content/a/2.json')];
    let walks = 0;
    const byId = new RowsById(() => { walks++; return rows; }, () => {});
    byId.checkAfterLoad();
    const replaced = row(2, 'a|2', 'content/a/2.json');
    byId.remove([rows[1]]); // a document rewritten: its old row goes, its new one is stored
    byId.store([replaced]);
    rows[1] = replaced;
    byId.remove([rows[0]]); // a document deleted
    rows.shift();
    expect(walks).toBe(1);
    expect(byId.get(1)).toBeUndefined();
    expect(byId.get(2)).toBe(replaced);
    expect(walks).toBe(2);
  });

  it('lets rows of different types share an id, as Strapi\'s per-table ids (kept by a migration) do, and reports none', () => {
    const article = row(3, 'api::article.article|x||published', 'content/articles/x.json', 'api::article.article');
    const file = row(3, 'plugin::upload.file|y||published', 'content/upload/y.json', 'plugin::upload.file');
    const problems: FileError[] = [];
    const byId = new RowsById(() => [article, file], (problem) => problems.push(problem));
    byId.checkAfterLoad();
    expect(problems).toEqual([]);
    byId.remove([article]);
    expect(byId.get(3)).toBe(file);
  });
});
