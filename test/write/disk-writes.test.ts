import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCms } from '../cli/built-cli.js';
import { writableSample } from '../git-workflow/helpers.js';
import { fileJson, serveSite, type ServedSite } from './served-site.js';

// One `cms serve` for the file (starting one costs as much as a CLI write), and each test writes a document of its own: what
// these tests prove is per document (its file on disk, its lock), so no test sees another's writes.
let root = '';
let site: ServedSite;
beforeAll(async () => {
  ensureBuilt();
  root = writableSample();
  site = await serveSite(root);
});
afterAll(async () => { await site?.stop(); });

const file = (article: string) => `content/articles/${article}.json`;

const cliUpdate = async (article: string, fields: Record<string, unknown>) => {
  const result = await runCms(['update', 'articles', article, '--data', JSON.stringify(fields), '--root', root]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
};

/** Resolves once the file's text holds `text` (watched; a slow poll only catches a missed event, and leaves the CPU to the CLI). */
function fileChanged(path: string, text: string): Promise<void> {
  return new Promise((resolveChange) => {
    const check = () => {
      if (!readFileSync(path, 'utf8').includes(text)) return;
      watcher.close();
      clearInterval(poll);
      resolveChange();
    };
    const watcher = watch(dirname(path), check);
    const poll = setInterval(check, 50);
    check();
  });
}

describe('every write starts from what is on disk (a server, the CLI and file rewrites on one site)', () => {
  it('a PUT sent right after a CLI update keeps the CLI value (6 rounds, none reverted)', async () => {
    const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
    const FILE = file(ARTICLE);
    for (let round = 0; round < 6; round++) {
      // The PUT leaves the moment the CLI's write is on disk (as a script's next line would after the CLI answered).
      const cli = cliUpdate(ARTICLE, { description: `cli-${round}` });
      await fileChanged(join(root, FILE), `cli-${round}`);
      const put = await site.send('PUT', `/api/articles/${ARTICLE}`, { data: { title: `api-${round}` } });
      await cli;
      expect(put.status).toBe(200);
      // The answer is the merged document, and so is the file.
      expect(put.body.data).toMatchObject({ description: `cli-${round}`, title: `api-${round}` });
      expect(fileJson(root, FILE)).toMatchObject({ description: `cli-${round}`, title: `api-${round}` });
    }
  });

  it.each([
    ['saved in place (truncate and write)', 'erdjn7qamd22o2key07vrft5', (path: string, text: string) => writeFileSync(path, text)],
    ['saved by rename (an editor\'s atomic save, a checkout)', 'g097ry1u9cngt075a93jnw50', (path: string, text: string) => {
      writeFileSync(`${path}.swp`, text);
      renameSync(`${path}.swp`, path);
    }],
  ])('a PUT sent right after a file is %s keeps the file\'s change (10 rounds)', async (_how, ARTICLE, save) => {
    const FILE = file(ARTICLE);
    for (let round = 0; round < 10; round++) {
      const fields = fileJson(root, FILE);
      save(join(root, FILE), `${JSON.stringify({ ...fields, description: `file-${round}` }, null, 2)}\n`);
      const put = await site.send('PUT', `/api/articles/${ARTICLE}`, { data: { views: round } });
      expect(put.status).toBe(200);
      expect(fileJson(root, FILE)).toMatchObject({ description: `file-${round}`, views: round });
    }
  });

  it('a same-size rewrite within the file system\'s time tick is still seen (content compared, not only mtime)', async () => {
    const ARTICLE = 'sabkt70xaps36g6a07elnaby';
    const FILE = file(ARTICLE);
    const path = join(root, FILE);
    for (let round = 0; round < 10; round++) {
      const put = await site.send('PUT', `/api/articles/${ARTICLE}`, { data: { views: round } });
      expect(put.status).toBe(200);
      // Same length as the value before it, written at once after the server's own write.
      writeFileSync(path, readFileSync(path, 'utf8').replace(/"description": "[^"]*"/, `"description": "same-size-${round}"`));
      const next = await site.send('PUT', `/api/articles/${ARTICLE}`, { data: { title: `t-${round}` } });
      expect(next.status).toBe(200);
      expect(fileJson(root, FILE)).toMatchObject({ description: `same-size-${round}`, views: round, title: `t-${round}` });
    }
  });

  it('a CLI update and a PUT sent at the same moment both land (they take turns on the document\'s lock)', async () => {
    const ARTICLE = 'sym7ypeehf0zhp30yx5dc1zj';
    const FILE = file(ARTICLE);
    for (let round = 0; round < 3; round++) {
      const [, put] = await Promise.all([
        cliUpdate(ARTICLE, { description: `together-${round}` }),
        site.send('PUT', `/api/articles/${ARTICLE}`, { data: { title: `together-${round}` } }),
      ]);
      expect(put.status).toBe(200);
      expect(fileJson(root, FILE)).toMatchObject({ description: `together-${round}`, title: `together-${round}` });
    }
  });

  it('a new draft the CLI made is not lost to a PUT the server had no file for yet', async () => {
    const ARTICLE = 'u1kelsnqe2tzdzi5b817ado7';
    const FILE = file(ARTICLE);
    await cliUpdate(ARTICLE, { description: 'draft from the CLI' });
    const draft = await runCms(['update', 'articles', ARTICLE, '--status', 'draft', '--data', '{"description":"only in the draft"}',
      '--root', root]);
    expect(draft.code).toBe(0);
    const put = await site.send('PUT', `/api/articles/${ARTICLE}?status=draft`, { data: { title: 'draft title' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ description: 'only in the draft', title: 'draft title' });
    expect(fileJson(root, `content/articles/${ARTICLE}.draft.json`)).toMatchObject({ description: 'only in the draft', title: 'draft title' });
  });

  it('a lock left by a writer killed with SIGKILL is taken over: the next write goes through', async () => {
    const ARTICLE = 'kfpncig567pl664pn9lrxp39';
    const FILE = file(ARTICLE);
    const dead = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await new Promise((resolveSpawn) => dead.once('spawn', resolveSpawn));
    const pid = dead.pid!;
    await new Promise((resolveExit) => { dead.once('exit', resolveExit); dead.kill('SIGKILL'); });
    const lock = join(root, '.cms/locks', `api--article.article~${ARTICLE}.lock`);
    mkdirSync(join(root, '.cms/locks'), { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid, host: (await import('node:os')).hostname() }));
    const put = await site.send('PUT', `/api/articles/${ARTICLE}`, { data: { title: 'after a crash' } });
    expect(put.status).toBe(200);
    await cliUpdate(ARTICLE, { description: 'the CLI too' });
    expect(fileJson(root, FILE)).toMatchObject({ title: 'after a crash', description: 'the CLI too' });
    expect(existsSync(lock)).toBe(false);
  });
});

