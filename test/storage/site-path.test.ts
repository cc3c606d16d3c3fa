import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitePath } from '../../core/storage/site-path.js';

describe('sitePath: a site file\'s absolute path, kept', () => {
  it('is join(root, file) for every root spelling, asked once or again', () => {
    // Plain roots and paths take the joined-by-a-slash way; every other spelling join's own.
    const roots = ['/site', '/site/', '/a/./b/../site', '/a//site', 'relative/site', './relative', '.', '', '/', '/a/..'];
    const files = ['content/tags/a.json', 'content/articles/x1/x1y.fr.draft.yaml', '.cms/wal', 'content/./a.json',
      'content/../a.json', 'content//a.json', 'content/a/', '/content/a.json', 'content/.a.json.1f.tmp', 'a', 'content\\a.json'];
    for (let round = 0; round < 2; round++) {
      for (const root of roots) for (const file of files) expect(sitePath(root, file)).toBe(join(root, file));
    }
  });

  it('stays join(root, file) past the roots and paths it keeps', () => {
    for (let at = 0; at < 40; at++) expect(sitePath(`/site-${at}`, 'content/a.json')).toBe(`/site-${at}/content/a.json`);
    for (let at = 0; at < 20_500; at++) expect(sitePath('/many', `content/t/${at}.json`)).toBe(`/many/content/t/${at}.json`);
    expect(sitePath('/site-0', 'content/a.json')).toBe('/site-0/content/a.json');
  });
});
