import type { ChildProcess } from 'node:child_process';
import { serveSite } from '../write/served-site.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { stopChild } from '../helpers/stop-child.js';
import { commits, eventually, mainTip, writableRepo, writableSample, writeText } from './helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const running: ChildProcess[] = [];
afterEach(async () => { await Promise.all(running.splice(0).map((child) => stopChild(child))); });

/** `cms serve …args` as a real process (test/write/served-site.ts); resolves once it says it is serving. */
async function serve(root: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ base: string; stderr: () => string }> {
  const site = await serveSite(root, args, env);
  running.push(site.child);
  return site;
}

const tagName = async (base: string, documentId: string) => (
  (await (await fetch(`${base}/api/tags/${documentId}`)).json()) as { data: { name: string } | null }).data?.name;
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

beforeAll(() => ensureBuilt());

describe('cms serve: watching and commit per write (real process)', () => {
  it('watches by default: a file saved on disk shows through the API', async () => {
    const root = writableSample();
    const { base, stderr } = await serve(root, []);
    expect(stderr()).toContain('(watching files)');
    writeText(root, `content/tags/${COFFEE}.json`, JSON.stringify({ name: 'Coffee, saved by an editor' }));
    await eventually(async () => expect(await tagName(base, COFFEE)).toBe('Coffee, saved by an editor'));
    await eventually(() => expect(stderr()).toContain('reindexed 1 file(s)'));
  });

  it('--no-watch serves what it loaded', async () => {
    const root = writableSample();
    const { base, stderr } = await serve(root, ['--no-watch']);
    expect(stderr()).not.toContain('(watching files)');
    writeText(root, `content/tags/${COFFEE}.json`, JSON.stringify({ name: 'Unseen' }));
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    expect(await tagName(base, COFFEE)).toBe('Coffee');
  });

  it.each([
    ['--git-commit', ['--git-commit'], {}],
    ['CMS_GIT_COMMIT=1', [], { CMS_GIT_COMMIT: '1' }],
  ])('%s: each write through the API is a commit', async (_how, args, env) => {
    const root = await writableRepo();
    const head = mainTip(root);
    const { base } = await serve(root, args, env);
    const response = await fetch(`${base}/api/tags`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'Served' } }) });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { documentId: string } };
    expect(commits(root).slice(0, 2)).toEqual([
      expect.objectContaining({ author: 'public', subject: `Create api::tag.tag ${data.documentId}`,
        files: [`content/tags/${data.documentId}.json`] }),
      expect.objectContaining({ hash: head }),
    ]);
  });
});
