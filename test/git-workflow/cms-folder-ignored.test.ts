import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, runCms } from '../cli/built-cli.js';
import { CMS_GITIGNORE, ensureCmsFolder } from '../../core/storage/cms-folder.js';
import { copySampleSite } from '../helpers/project.js';
import { editJson, git } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });
beforeAll(() => ensureBuilt());

describe('.cms/ ignores itself: nothing the tool keeps there reaches Git', () => {
  it('git add -A in a site without a .gitignore commits nothing under .cms/ after the CLI wrote its caches', async () => {
    const root = copySampleSite();
    editJson(root, 'cms.config.json', (config) => { config.git = { timestampsFromHistory: true }; });
    git(root, 'init', '--quiet', '--initial-branch=main');
    expect(existsSync(join(root, '.gitignore'))).toBe(false);
    git(root, 'add', '-A');
    git(root, '-c', 'user.name=T', '-c', 'user.email=t@example.org', 'commit', '--quiet', '-m', 'site');
    const update = await runCms(['update', 'tags', 'b2hjgyg2kdh9a72boali13fe', '--data', '{"color":"blue"}', '--root', root]);
    expect(update.code).toBe(0);
    const token = await runCms(['token', 'create', '--name', 'ci', '--type', 'read-only', '--root', root]);
    expect(token.code).toBe(0);
    // The caches the issue saw committed are there, and the state file with a token's hash.
    expect(readdirSync(join(root, '.cms'))).toEqual(expect.arrayContaining(['.gitignore', 'index-snapshot', 'file-times.json', 'state.json']));
    expect(readFileSync(join(root, '.cms/.gitignore'), 'utf8')).toBe(CMS_GITIGNORE);
    git(root, 'add', '-A');
    const staged = git(root, 'diff', '--cached', '--name-only').split('\n');
    expect(staged).toEqual(['content/tags/b2hjgyg2kdh9a72boali13fe.json']);
    expect(git(root, 'ls-files', '--others', '--ignored', '--exclude-standard', '.cms')).toContain('.cms/index-snapshot');
  });

  it('keeps a .gitignore the site put in .cms/ as it is, and leaves paths outside .cms/ alone', () => {
    const root = copySampleSite();
    ensureCmsFolder(join(root, '.cms', 'state.json'));
    expect(readFileSync(join(root, '.cms/.gitignore'), 'utf8')).toBe(CMS_GITIGNORE);
    const own = '# mine\n*\n!keep.txt\n';
    writeFileSync(join(root, '.cms/.gitignore'), own);
    ensureCmsFolder(join(root, '.cms', 'tmp'));
    expect(readFileSync(join(root, '.cms/.gitignore'), 'utf8')).toBe(own);
    ensureCmsFolder(join(root, 'content', 'tags', 'x.json'));
    expect(existsSync(join(root, 'content/.gitignore'))).toBe(false);
  });
});
