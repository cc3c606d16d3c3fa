import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStateStore } from '../../core/auth/file-state-store.js';
import { requestStarted, StateFileWatch } from '../../core/auth/state-file-watch.js';
import { REPO_ROOT } from '../helpers/project.js';
import { ensureBuilt } from '../cli/built-cli.js';
import { stopChild } from '../helpers/stop-child.js';

const watches: StateFileWatch[] = [];
afterEach(() => { for (const watch of watches.splice(0)) watch.close(); });

function project(withFolder: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'state-watch-'));
  if (withFolder) mkdirSync(join(root, '.cms'));
  const file = join(root, '.cms', 'state.json');
  const watch = new StateFileWatch(file);
  watches.push(watch);
  return { root, file, watch };
}

/** Another writer's way: a temp file renamed over the state file. */
function replace(root: string, file: string, text: string): void {
  writeFileSync(join(root, '.cms', '.state.json.tmp'), text);
  renameSync(join(root, '.cms', '.state.json.tmp'), file);
}

describe('the auth state file check (one fstat of the file as read, per request)', () => {
  it('is stale until read, fresh after, and stale at the very next request once the file is replaced by a rename', () => {
    const { root, file, watch } = project(true);
    writeFileSync(file, '{"a":1}');
    expect(watch.stale).toBe(true);
    expect(watch.read()).toBe('{"a":1}');
    expect(watch.stale).toBe(false);
    replace(root, file, '{"a":2}');
    // No event awaited: the file held open has lost its link, which the next request's look sees at once.
    requestStarted();
    expect(watch.stale).toBe(true);
    expect(watch.read()).toBe('{"a":2}');
    expect(watch.stale).toBe(false);
  });

  it('reuses a look within one request and synchronous run only: the next request, or the next microtask, looks again', async () => {
    const { root, file, watch } = project(true);
    writeFileSync(file, '{}');
    watch.read();
    expect(watch.stale).toBe(false);
    replace(root, file, '{"b":1}');
    expect(watch.stale).toBe(false);
    expect(watch.changed()).toBe(true);
    await Promise.resolve();
    expect(watch.stale).toBe(true);
  });

  it('sees a write in place, a file removed, and a file made where there was none', () => {
    const { root, file, watch } = project(false);
    expect(watch.read()).toBeUndefined();
    expect(watch.changed()).toBe(false);
    mkdirSync(join(root, '.cms'));
    writeFileSync(file, '{}');
    expect(watch.changed()).toBe(true);
    watch.read();
    expect(watch.changed()).toBe(false);
    writeFileSync(file, '{"in":"place"}');
    expect(watch.changed()).toBe(true);
    watch.read();
    rmSync(join(root, '.cms'), { recursive: true });
    expect(watch.changed()).toBe(true);
    expect(watch.read()).toBeUndefined();
  });

  it('holds the file this process wrote as read, unless another process replaced it before it was taken', () => {
    const { root, file, watch } = project(true);
    writeFileSync(file, '{}');
    const store = new FileStateStore(root);
    expect(store.data.users).toEqual([]);
    // A store's own write: its next read costs no re-read.
    void store.secret('jwtSecret', 'one');
    expect(store.revision).not.toBe('absent');
    const mine = store.revision;
    expect(store.revision).toBe(mine);
    replace(root, file, JSON.stringify({ version: 1, secrets: { jwtSecret: 'two' }, apiTokens: [], users: [] }));
    requestStarted();
    expect(store.data.secrets.jwtSecret).toBe('two');
    expect(store.revision).not.toBe(mine);
    void store.close();
    // A descriptor whose file had lost its link when it was taken is not trusted.
    watch.read();
    const taken = openSync(file, 'r');
    replace(root, file, '{}');
    watch.adopt(taken);
    expect(watch.changed()).toBe(true);
  });

  it('is stale after close', () => {
    const { file, watch } = project(true);
    writeFileSync(file, '{}');
    watch.read();
    watch.close();
    expect(watch.stale).toBe(true);
  });
});

/**
 * A server over a FileStateStore that answers its users' roles and, asked with `x-hold`, stays busy after answering (before
 * its event loop waits for I/O again) until the client has sent its next request: as a server descheduled on a loaded
 * machine, or busy with the rest of its turn. That request's socket, whose epoll entry is queued again after each report
 * (level-triggered), is then reported before anything the rename caused.
 */
const SERVER = `
import { createServer } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
const { FileStateStore } = await import(process.env.DIST + '/core/auth/file-state-store.js');
const { requestStarted } = await import(process.env.DIST + '/core/auth/state-file-watch.js');
const store = new FileStateStore(process.env.ROOT);
const server = createServer((req, res) => {
  requestStarted();
  res.end(store.data.users.map((user) => user.role).join());
  if (req.headers['x-hold']) setImmediate(() => { while (!existsSync(process.env.SENT)); rmSync(process.env.SENT); });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

describe('a request sent after another process replaced the state file (a server process, one keep-alive connection)', () => {
  it('is answered from the new file even when the server was busy from its last answer until the request was sent', async () => {
    ensureBuilt();
    const root = mkdtempSync(join(tmpdir(), 'state-watch-order-'));
    const writer = new FileStateStore(root);
    const now = new Date().toISOString();
    const user = await writer.insertUser({
      documentId: 'u0000000000000000000000a', username: 'mover', email: 'mover@example.com', provider: 'local', password: 'x',
      resetPasswordToken: null, confirmed: true, blocked: false, role: 'authenticated', createdAt: now, updatedAt: now, publishedAt: now,
    });
    const sent = join(root, 'sent');
    const server = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
      env: { ...process.env, DIST: join(REPO_ROOT, 'dist'), ROOT: root, SENT: sent }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const [line] = await once(server.stdout!, 'data');
      const port = Number(String(line).trim());
      const ask = (hold: boolean, whenSent?: () => void) => new Promise<string>((resolve, reject) => {
        const asking = request({ host: '127.0.0.1', port, agent, headers: hold ? { 'x-hold': '1' } : {} }, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => { body += chunk; });
          answer.on('end', () => resolve(body));
        });
        asking.on('error', reject);
        asking.end(whenSent);
      });
      const roles: string[] = [];
      for (let round = 0; round < 20; round++) {
        const role = round % 2 ? 'authenticated' : 'public';
        expect(await ask(true)).not.toBe(role);
        await writer.editUser(user.id, (stored) => { stored.role = role; });
        roles.push(await ask(false, () => writeFileSync(sent, '')));
      }
      expect(roles).toEqual(Array.from({ length: 20 }, (_, round) => (round % 2 ? 'authenticated' : 'public')));
    } finally {
      agent.destroy();
      await stopChild(server);
      await writer.close();
    }
  });
});
