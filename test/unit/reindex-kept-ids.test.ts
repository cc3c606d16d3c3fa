import { describe, expect, it } from 'vitest';
import { reindexFiles } from '../../core/watch/reindex-files.js';

describe('reindexing after a pull or a merge', () => {
  it('reloads the site when content/.ids.json changed (every row\'s id may change), as for a schema', async () => {
    let reloads = 0;
    const target = (files: string[]) => reindexFiles({
      root: '/nonexistent', index: { fileTimes: undefined, problems: new Map() } as never,
      reload: async () => { reloads++; }, refreshHistory: async () => {},
    }, files, () => {});
    await target(['content/.ids.json', 'content/articles/a.json']);
    expect(reloads).toBe(1);
    await target(['schemas/api/article/content-types/article/schema.json']);
    expect(reloads).toBe(2);
  });
});
