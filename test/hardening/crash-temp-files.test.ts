import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { commitChanges } from '../../core/git/commit-changes.js';
import { createWorkTree } from '../../core/git/work-tree.js';
import { GITIGNORE } from '../../core/project/scaffold-files.js';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { stopChild } from '../helpers/stop-child.js';
import { git, gitSampleSite } from '../studio/git-site.js';

/** Temp files named as `writeFileAtomic` names them, left where a crash would leave them. */
const LEFT = ['content/articles/.leo9mpmgjqi9e4y3lvswznjb.json.1f2e3d4c07.tmp', 'public/uploads/.cat.png.0a1b2c3d4e5f.tmp',
  '.cms.config.json.9e8d7c6b1.tmp'];
const leaveTempFiles = (root: string) => {
  for (const file of LEFT) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '{ "half": ');
  }
};

describe('temp files an interrupted atomic write leaves', () => {
  it('cms serve removes them at start and says so; other dot files and .tmp names stay', async () => {
    ensureBuilt();
    const root = copySampleSite();
    leaveTempFiles(root);
    const kept = ['content/articles/.notes.tmp', 'content/.keep'];
    for (const file of kept) writeFileSync(join(root, file), 'mine');
    const args = [BIN, 'serve', '--root', root, '--port', '0', '--host', '127.0.0.1', '--no-watch', '--no-admin'];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, CMS_ROOT: '' } });
    // Stopped however the test ends, a timeout included.
    onTestFinished(() => stopChild(child));
    let stderr = '';
    await new Promise<void>((done, fail) => {
      child.stderr.on('data', (chunk) => { stderr += chunk; if (stderr.includes('Serving ')) done(); });
      child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
    });
    expect(stderr).toContain(`removed 3 temp file(s) an interrupted write left: ${[...LEFT].sort().join(', ')}`);
    for (const file of LEFT) expect(existsSync(join(root, file)), file).toBe(false);
    for (const file of kept) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('the Git panel neither lists nor commits them, even where .gitignore does not ignore *.tmp', async () => {
    const root = gitSampleSite();
    writeFileSync(join(root, '.gitignore'), '.cms/\n');
    git(root, 'add', '.gitignore');
    git(root, 'commit', '--quiet', '-m', 'An older project\'s ignore file');
    leaveTempFiles(root);
    const article = join(root, 'content/articles/leo9mpmgjqi9e4y3lvswznjb.json');
    writeFileSync(article, readFileSync(article, 'utf8').replace('"title": "', '"title": "Edited '));
    const changes = (await createWorkTree(root).changes()).map((change) => change.path);
    expect(changes).toEqual(['content/articles/leo9mpmgjqi9e4y3lvswznjb.json']);
    const commit = await commitChanges(root, { mayWrite: () => true, message: 'Edit', author: { name: 'Ann', email: 'ann@cms.local' } });
    expect(commit.files).toEqual(['content/articles/leo9mpmgjqi9e4y3lvswznjb.json']);
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual(['content/articles/leo9mpmgjqi9e4y3lvswznjb.json']);
    await expect(commitChanges(root, { paths: [LEFT[0]], mayWrite: () => true, message: 'x',
      author: { name: 'Ann', email: 'ann@cms.local' } }))
      .rejects.toThrow(`${LEFT[0]} has no change to commit`);
  });

  it('the .gitignore of a new project and of the sample site ignore them', () => {
    for (const text of [GITIGNORE, readFileSync(join(REPO_ROOT, '.gitignore'), 'utf8')]) expect(text.split('\n')).toContain('*.tmp');
  });
});
