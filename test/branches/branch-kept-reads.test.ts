// Branch reads (`Cms-Branch`) answered from the kept answers before h3, as the base's are (core/http/kept-answers.ts):
// byte for byte what the long way answers, never a moment behind the branch's ref, whoever moved it.
import { mkdtempSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchTipReader } from '../../core/branches/branch-tip-file.js';
import { createCms, type Cms } from '../../core/cms.js';
import { onRealPort } from '../helpers/project.js';
import { git, initRepo, writableSample } from '../git-workflow/helpers.js';

const ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
};
/** Tag "Coffee" of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';
const SPRING = { 'cms-branch': 'spring' };

/** What a client sees of an answer: status, headers (but the date) and body. */
async function seen(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
  return { status: response.status, headers, body: await response.text() };
}

describe('a branch GET is answered from the answers kept for the branch, exactly as the long way answers it', () => {
  let root: string;
  let cms: Cms;
  let server: Awaited<ReturnType<typeof onRealPort>>;
  let token: string;
  /** Requests that reached h3 (it asks auth.catchUp first); the kept answers are written before it. */
  let longWay = 0;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

  beforeAll(async () => {
    root = writableSample();
    initRepo(root);
    git(root, 'branch', 'spring');
    cms = await createCms({ root, env: { ...process.env, ...ENV }, report: () => {} });
    const catchUp = cms.auth.catchUp.bind(cms.auth);
    cms.auth.catchUp = (...args) => { longWay++; return catchUp(...args); };
    server = await onRealPort(cms);
    token = (await cms.auth.tokens.create({ name: 'Ann Lee', type: 'full-access' })).accessKey;
    const changed = await fetch(`${server.url}/api/tags/${COFFEE}`, {
      method: 'PUT', headers: { ...SPRING, 'content-type': 'application/json' }, body: JSON.stringify({ data: { color: 'green' } }),
    });
    expect(changed.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await cms?.close();
  });

  it('the second GET of a URL on a branch is written without h3, with the first one\'s status, headers and body', async () => {
    for (const caller of [{}, { authorization: `Bearer ${token}` }]) {
      const headers = { ...SPRING, ...caller };
      const first = await seen(await get('/api/tags?sort=name', headers));
      const before = longWay;
      const second = await seen(await get('/api/tags?sort=name', headers));
      expect(longWay).toBe(before);
      expect(second).toEqual(first);
      expect(JSON.parse(second.body).data.find((tag: { documentId: string }) => tag.documentId === COFFEE).color).toBe('green');
    }
  });

  it('the base and the branch keep their own answers for one URL', async () => {
    const onBase = await (await get(`/api/tags/${COFFEE}`)).json();
    const onSpring = await (await get(`/api/tags/${COFFEE}`, SPRING)).json();
    expect([(await (await get(`/api/tags/${COFFEE}`)).json()).data.color, onBase.data.color]).toEqual(['red', 'red']);
    expect([(await (await get(`/api/tags/${COFFEE}`, SPRING)).json()).data.color, onSpring.data.color]).toEqual(['green', 'green']);
  });

  it('a kept branch answer\'s tag sent back in If-None-Match is a 304, without h3', async () => {
    const first = await get(`/api/tags/${COFFEE}`, SPRING);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const before = longWay;
    const again = await get(`/api/tags/${COFFEE}`, { ...SPRING, 'if-none-match': etag });
    expect([again.status, longWay]).toEqual([304, before]);
  });

  it('a write on the branch through the API is seen by the next branch read', async () => {
    await get(`/api/tags/${COFFEE}`, SPRING);
    const changed = await fetch(`${server.url}/api/tags/${COFFEE}`, {
      method: 'PUT', headers: { ...SPRING, 'content-type': 'application/json' }, body: JSON.stringify({ data: { color: 'blue' } }),
    });
    expect(changed.status).toBe(200);
    expect((await (await get(`/api/tags/${COFFEE}`, SPRING)).json()).data.color).toBe('blue');
  });

  it('a commit git puts on the branch\'s ref outside the server is seen by the next branch read, twice in a row', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'cms-kept-branch-'));
    git(clone, 'clone', '--quiet', '--branch', 'spring', root, '.');
    for (const color of ['yellow', 'red']) {
      await get(`/api/tags/${COFFEE}`, SPRING);
      const file = join(clone, `content/tags/${COFFEE}.json`);
      // As an editor edits it: the one line, the file's layout kept.
      writeFileSync(file, readFileSync(file, 'utf8').replace(/"color": "[a-z]+"/, `"color": "${color}"`));
      git(clone, 'commit', '--quiet', '-am', `Colour ${color}`);
      git(clone, 'push', '--quiet', 'origin', 'spring');
      expect((await (await get(`/api/tags/${COFFEE}`, SPRING)).json()).data.color).toBe(color);
    }
  });

  it('branch GETs sent together are answered from the kept answers, and a commit made between two groups is seen by the second', async () => {
    const colorOf = async () => (await (await get(`/api/tags/${COFFEE}`, SPRING)).json()).data.color;
    const together = () => Promise.all(Array.from({ length: 8 }, colorOf));
    const clone = mkdtempSync(join(tmpdir(), 'cms-kept-branch-'));
    git(clone, 'clone', '--quiet', '--branch', 'spring', root, '.');
    const file = join(clone, `content/tags/${COFFEE}.json`);
    for (const color of ['blue', 'yellow']) {
      const before = await together();
      const longWayBefore = longWay;
      expect(await together()).toEqual(before);
      expect(longWay).toBe(longWayBefore);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/"color": "[a-z]+"/, `"color": "${color}"`));
      git(clone, 'commit', '--quiet', '-am', `Colour ${color}`);
      git(clone, 'push', '--quiet', 'origin', 'spring');
      expect(await together()).toEqual(Array(8).fill(color));
    }
  });

  it('a branch that does not exist and a name git refuses are answered by the long way, in Strapi\'s envelope', async () => {
    const missing = await get('/api/tags', { 'cms-branch': 'no-such-branch' });
    expect([missing.status, (await missing.json()).error.message]).toEqual([404, 'Branch "no-such-branch" does not exist']);
    const refused = await get('/api/tags', { 'cms-branch': 'a..b' });
    expect([refused.status, (await refused.json()).error.name]).toEqual([400, 'ValidationError']);
  });
});

describe('the branch tip reader looks at a ref file with a stat and reads it only when it was replaced', () => {
  const TIP = (digit: string) => digit.repeat(40);

  /** A site with the branch `spring`: its ref file, and a tip reader of the site. */
  function springRef() {
    const root = writableSample();
    initRepo(root);
    git(root, 'branch', 'spring');
    return { ref: join(root, '.git/refs/heads/spring'), tipOf: branchTipReader(root) };
  }

  it('a ref rewritten in place right after a read, with the same size, is read again', async () => {
    const { ref, tipOf } = springRef();
    for (const digit of ['1', '2', '3']) {
      writeFileSync(ref, `${TIP(digit)}\n`);
      expect(await tipOf('spring')).toBe(TIP(digit));
    }
  });

  it('a settled ref is kept, and a file renamed over it (as git replaces refs) is read', async () => {
    const { ref, tipOf } = springRef();
    const past = new Date(Date.now() - 60_000);
    writeFileSync(ref, `${TIP('4')}\n`);
    utimesSync(ref, past, past);
    expect(await tipOf('spring')).toBe(TIP('4'));
    expect(await tipOf('spring')).toBe(TIP('4'));
    writeFileSync(`${ref}.lock`, `${TIP('5')}\n`);
    renameSync(`${ref}.lock`, ref);
    expect(await tipOf('spring')).toBe(TIP('5'));
    expect(await tipOf('no-such-branch')).toBeUndefined();
  });

  it('`now` answers from the same held ref as the call: a move is seen by both, and a symbolic ref is left to git', async () => {
    const { ref, tipOf } = springRef();
    const past = new Date(Date.now() - 60_000);
    writeFileSync(ref, `${TIP('6')}\n`);
    utimesSync(ref, past, past);
    expect(tipOf.now('spring')).toBeUndefined();
    expect(await tipOf('spring')).toBe(TIP('6'));
    expect(tipOf.now('spring')).toBe(TIP('6'));
    writeFileSync(`${ref}.lock`, `${TIP('7')}\n`);
    renameSync(`${ref}.lock`, ref);
    expect(tipOf.now('spring')).toBe(TIP('7'));
    expect(await tipOf('spring')).toBe(TIP('7'));
    writeFileSync(ref, 'ref: refs/heads/main\n');
    expect(tipOf.now('spring')).toBeUndefined();
    expect(await tipOf('spring')).toMatch(/^[0-9a-f]{40}$/);
    tipOf.close();
  });
});
