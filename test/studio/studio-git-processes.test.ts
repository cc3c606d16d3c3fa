import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { TEST_ENV } from '../auth/helpers.js';
import { startApp } from '../helpers/project.js';
import { git, gitSampleSite } from './git-site.js';

/** Every git process the server starts (execFile, promisified or not, and spawn), by its git command. */
const started = vi.hoisted(() => [] as string[]);
vi.mock('node:child_process', async (load) => {
  const real = await load<typeof import('node:child_process')>();
  const command = (file: unknown, args: unknown) => {
    if (file !== 'git' || !Array.isArray(args)) return;
    started.push(String(args.find((arg, at) => !String(arg).startsWith('-') && args[at - 1] !== '-c')));
  };
  const execFile = Object.assign((file: string, args: string[], ...rest: unknown[]) => {
    command(file, args);
    return (real.execFile as (...all: unknown[]) => unknown)(file, args, ...rest);
  }, {
    [promisify.custom]: (file: string, args: string[], ...rest: unknown[]) => {
      command(file, args);
      return (real.execFile as unknown as { [promisify.custom]: (...all: unknown[]) => unknown })[promisify.custom](file, args, ...rest);
    },
  });
  const spawn = (file: string, args: string[], ...rest: unknown[]) => {
    command(file, args);
    return (real.spawn as (...all: unknown[]) => unknown)(file, args, ...rest);
  };
  return { ...real, execFile, spawn, default: { ...real, execFile, spawn } };
});

// Counted where they start: in this process, never handed to the spawner process (whose starts no mock here sees).
process.env.CMS_SPAWNER = 'off';

const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb'; // "Beautiful mountains of Norway"
const FILE = `content/articles/${ARTICLE}.json`;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function site() {
  const root = gitSampleSite();
  const app = await startApp(root, { env: TEST_ENV, report: () => {} });
  const reader = (await app.cms.auth.tokens.create({ name: 'reader', type: 'read-only' })).accessKey;
  const full = (await app.cms.auth.tokens.create({ name: 'owner', type: 'full-access' })).accessKey;
  return { root, app, reader, full };
}
/** The git commands one request starts. */
async function gitsOf(request: () => Promise<{ status: number }>): Promise<string[]> {
  started.length = 0;
  expect((await request()).status).toBe(200);
  return started.splice(0);
}
/** Retitle the article `count` times, each a commit (through git itself, not the server), titles named from `name`. */
function commitEdits(root: string, count: number, name = 'take') {
  for (let at = 0; at < count; at++) {
    const data = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
    writeFileSync(join(root, FILE), `${JSON.stringify({ ...data, title: `Norway, ${name} ${at}` }, null, 2)}\n`);
    git(root, '-c', 'user.name=Ann', '-c', 'user.email=ann@example.com', 'commit', '--quiet', '-am', `Take ${at}`);
  }
}

describe('the Git panel starts a bounded number of git processes per request', () => {
  it('status: one git cat-file for every changed document, however many changed (a read-only token asks)', async () => {
    const { root, app, reader } = await site();
    const article = readFileSync(join(root, FILE), 'utf8');
    const status = () => app.getJson('/admin/api/git/status', { headers: bearer(reader) });
    writeFileSync(join(root, FILE), article.replace('Beautiful', 'Lovely'));
    // The server's first request asks once where the project sits in its repository: counted from the second on.
    await gitsOf(status);
    const one = await gitsOf(status);
    for (let at = 0; at < 60; at++) writeFileSync(join(root, `content/articles/copy${String(at).padStart(20, '0')}.json`), article);
    const many = await gitsOf(status);
    expect((await status()).body.data.changes).toHaveLength(61);
    expect(many.filter((command) => command === 'show')).toEqual([]);
    expect(many.filter((command) => command === 'cat-file')).toEqual(['cat-file']);
    expect(many.length).toBe(one.length);
  });

  it('history and document-history: one git log per file and one git cat-file, however many versions', async () => {
    const { root, app, full } = await site();
    const history = () => app.getJson(`/admin/api/git/history?path=${FILE}`, { headers: bearer(full) });
    const documentHistory = () => app.getJson(`/admin/api/git/document-history?document=articles/${ARTICLE}`, { headers: bearer(full) });
    // The server's first requests ask once where the repository is; the document's names at HEAD are kept under HEAD's commit,
    // so each count follows a commit (HEAD moved), as the one after twelve does.
    await gitsOf(history);
    await gitsOf(documentHistory);
    commitEdits(root, 1, 'first take');
    const [few, fewForDocument] = [await gitsOf(history), await gitsOf(documentHistory)];
    commitEdits(root, 12);
    const many = await gitsOf(history);
    expect((await history()).body.data.length).toBeGreaterThan(12);
    expect(many.filter((command) => command === 'show')).toEqual([]);
    expect(many.filter((command) => command === 'cat-file')).toEqual(['cat-file']);
    expect(many.length).toBe(few.length);
    const forDocument = await gitsOf(documentHistory);
    expect(forDocument.filter((command) => command === 'cat-file')).toEqual(['cat-file']);
    expect(forDocument.length).toBe(fewForDocument.length);
  });
});
