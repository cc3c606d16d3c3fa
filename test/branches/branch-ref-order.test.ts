// A branch read (`Cms-Branch`) sent after another process moved the branch's ref is answered from the new commit, even when
// the server was busy from its last answer until that request was sent (the case test/auth/state-file-watch.test.ts
// found for the auth state: the socket is then reported by epoll before the inotify fd of the ref's folder).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { ensureBuilt } from '../cli/built-cli.js';
import { git, initRepo, writableSample } from '../git-workflow/helpers.js';
import { stopChild } from '../helpers/stop-child.js';

/** Tag "Coffee" of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

/**
 * The real Node listener over a site, which, asked with `x-hold`, stays busy once its answer is written (before its event
 * loop waits for I/O again) until the client has sent its next request: as a server descheduled on a loaded machine.
 */
const SERVER = `
import { createServer } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
const { createCms } = await import(process.env.DIST + '/core/cms.js');
const { createNodeHandler } = await import(process.env.DIST + '/core/http/serve.js');
const cms = await createCms({ root: process.env.ROOT, env: process.env, report: () => {} });
const handler = createNodeHandler(cms);
const hold = () => { while (!existsSync(process.env.SENT)); rmSync(process.env.SENT); };
const server = createServer((req, res) => {
  if (req.headers['x-hold']) res.on('finish', () => setImmediate(hold));
  return handler(req, res);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

/** A site whose branch `spring` has two commits told apart by Coffee's colour; `tips[colour]` is each commit. */
function siteWithTwoTips() {
  const root = writableSample();
  initRepo(root);
  git(root, 'branch', 'spring');
  const clone = mkdtempSync(join(tmpdir(), 'cms-ref-order-clone-'));
  git(clone, 'clone', '--quiet', '--branch', 'spring', root, '.');
  const file = join(clone, `content/tags/${COFFEE}.json`);
  const tips: Record<string, string> = {};
  for (const colour of ['yellow', 'blue']) {
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"color": "[a-z]+"/, `"color": "${colour}"`));
    git(clone, 'commit', '--quiet', '-am', `Colour ${colour}`);
    tips[colour] = git(clone, 'rev-parse', 'HEAD').trim();
  }
  git(clone, 'push', '--quiet', 'origin', 'spring');
  return { root, tips };
}

/** A branch read's colour of Coffee, 'none' for a 404 (no such branch). */
type Ask = (hold: boolean, whenSent?: () => void) => Promise<string>;

/** The server over `root`, asked on one keep-alive connection; `run` gets its `ask`. */
async function withServer(root: string, run: (ask: Ask, sent: string) => Promise<void>): Promise<void> {
  ensureBuilt();
  const sent = join(root, '.git', 'sent');
  const server = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    env: {
      ...process.env, DIST: join(REPO_ROOT, 'dist'), ROOT: root, SENT: sent,
      CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef', CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const [line] = await once(server.stdout!, 'data');
    const port = Number(String(line).trim());
    const ask: Ask = (hold, whenSent) => new Promise<string>((resolve, reject) => {
      const headers: Record<string, string> = { 'cms-branch': 'spring', ...(hold ? { 'x-hold': '1' } : {}) };
      const asking = request({ host: '127.0.0.1', port, agent, path: `/api/tags/${COFFEE}`, headers }, (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => { body += chunk; });
        answer.on('end', () => resolve(answer.statusCode === 404 ? 'none' : JSON.parse(body).data.color));
      });
      asking.on('error', reject);
      asking.end(whenSent);
    });
    await run(ask, sent);
  } finally {
    agent.destroy();
    await stopChild(server);
  }
}

/**
 * `rounds` times: a held read (each colour's answer is kept by then: the reads are the kept ones of kept-answers.ts, which
 * trust the ref folder's watch), `move` run by other processes while the server is busy, then the next read: what it saw.
 */
async function heldRounds(ask: Ask, sent: string, rounds: string[], move: (next: string) => void) {
  for (const next of [...new Set(rounds)]) {
    move(next);
    expect([await ask(false), await ask(false)]).toEqual([next, next]);
  }
  const seen: string[] = [];
  for (const next of rounds) {
    expect(await ask(true)).not.toBe(next);
    move(next);
    seen.push(await ask(false, () => writeFileSync(sent, '')));
  }
  return seen;
}

describe('a branch read sent after another process moved the branch (a server process, one keep-alive connection)', () => {
  const alternate = (a: string, b: string) => Array.from({ length: 20 }, (_, round) => (round % 2 ? a : b));

  it('is answered from the new commit even when the server was busy from its last answer until the request was sent', async () => {
    const { root, tips } = siteWithTwoTips();
    await withServer(root, async (ask, sent) => {
      const rounds = alternate('yellow', 'blue');
      expect(await heldRounds(ask, sent, rounds, (next) => git(root, 'update-ref', 'refs/heads/spring', tips[next]))).toEqual(rounds);
    });
  });

  it('sees a ref packed (pack-refs) then moved, and a branch deleted then made again, the same way', async () => {
    const { root, tips } = siteWithTwoTips();
    await withServer(root, async (ask, sent) => {
      const packed = alternate('yellow', 'blue').slice(0, 10);
      // Every ref packed (as `git gc` does), the served branch's made loose again (a ref only in packed-refs sends branch
      // reads the long way, which reads the refs itself), then spring moved: a packed ref is moved by writing it loose.
      const served = `refs/heads/${git(root, 'symbolic-ref', '--short', 'HEAD').trim()}`;
      const servedTip = git(root, 'rev-parse', served).trim();
      const packAndMove = (next: string) => {
        git(root, 'pack-refs', '--all');
        git(root, 'update-ref', served, tips.blue);
        git(root, 'update-ref', served, servedTip);
        git(root, 'update-ref', 'refs/heads/spring', tips[next]);
      };
      expect(await heldRounds(ask, sent, packed, packAndMove)).toEqual(packed);
      const deleted = alternate('none', 'blue').slice(0, 10);
      const deleteOrMake = (next: string) => {
        if (next === 'none') git(root, 'update-ref', '-d', 'refs/heads/spring');
        else git(root, 'update-ref', 'refs/heads/spring', tips[next]);
      };
      expect(await heldRounds(ask, sent, deleted, deleteOrMake)).toEqual(deleted);
    });
  });
});
