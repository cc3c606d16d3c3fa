import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stopChild } from '../helpers/stop-child.js';
import { BIN, ensureBuilt, runCms } from '../cli/built-cli.js';
import { copySampleSite } from '../helpers/project.js';
import { requires } from '../helpers/requires.js';
import { git, initRepo } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

interface Info { balancer: string; replicas: string[]; replicaDirs: string[]; origin: string; token: string }

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const pidIn = (file: string) => Number(readFileSync(file, 'utf8').trim());

let project: string;
const needs = requires('postgresql', 'nginx');
beforeAll(() => {
  ensureBuilt();
  project = copySampleSite();
  initRepo(project);
});

describe.skipIf(needs.skip)(`cms cluster${needs.note}`, () => {
  let child: ReturnType<typeof spawn> | undefined;

  it('starts an origin, 2 replicas, PostgreSQL and nginx; reads and writes pass the balancer with its token; SIGTERM stops all', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cms-cluster-'));
    // Stopped (its replicas, PostgreSQL and nginx with it: a minute before SIGKILL) before its folder goes, however the test ends.
    onTestFinished(async () => {
      await stopChild(child, 'SIGTERM', { graceMs: 60_000 });
      rmSync(parent, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });
    const dir = join(parent, 'c');
    const args = [BIN, 'cluster', '--replicas', '2', '--port', '0', '--dir', dir, '--root', project];
    child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => { stderr += chunk; });
    const exited = new Promise<number | null>((resolveExit) => child!.once('exit', (code) => resolveExit(code)));
    const line = await new Promise<string>((resolveLine, reject) => {
      let out = '';
      child!.stdout!.on('data', (chunk) => { out += chunk; if (out.includes('\n')) resolveLine(out.split('\n')[0]); });
      void exited.then((code) => reject(new Error(`cms cluster exited (${code}): ${stderr}`)));
    });
    const info = JSON.parse(line) as Info;
    expect(Object.keys(info)).toEqual(['balancer', 'replicas', 'replicaDirs', 'origin', 'token']);
    expect(info.replicas).toHaveLength(2);
    const auth = { authorization: `Bearer ${info.token}` };

    // The token is valid on every replica and through the balancer (a wrong key is refused).
    for (const url of [...info.replicas, info.balancer, info.balancer]) {
      expect((await fetch(`${url}/api/tags`, { headers: auth })).status).toBe(200);
    }
    expect((await fetch(`${info.balancer}/api/tags`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    const body = JSON.stringify({ data: { name: 'Through nginx' } });
    const created = await fetch(`${info.balancer}/api/tags`,
      { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    expect(created.status).toBe(201);
    const { data } = await created.json() as { data: { documentId: string } };
    // Acknowledged means pushed: the origin holds it, and every replica serves it once it pulls.
    expect(git(info.origin, 'log', '--format=%s', '-1')).toContain(data.documentId);
    for (const url of info.replicas) {
      const status = async () => (await fetch(`${url}/api/tags/${data.documentId}`, { headers: auth })).status;
      await expect.poll(status, { timeout: 10_000 }).toBe(200);
    }
    // Writes through the balancer go to the writer replica itself: no replica had to forward one (each logs it when it does).
    for (let at = 0; at < 3; at++) {
      const more = JSON.stringify({ data: { name: `Through nginx ${at}` } });
      const answer = await fetch(`${info.balancer}/api/tags`,
        { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: more });
      expect(answer.status).toBe(201);
    }
    const logs = [1, 2].map((at) => readFileSync(join(dir, `replica-${at}.log`), 'utf8'));
    expect(logs.filter((log) => log.includes('this replica is the writer'))).toHaveLength(1);
    expect(logs.join('\n')).not.toContain('writes are forwarded to the writer replica');

    // A token made with the CLI on one replica's folder works on the other (the shared state store).
    const state = readFileSync(join(dir, 'state.url'), 'utf8').trim();
    const create = ['token', 'create', '--root', info.replicaDirs[0], '--name', 'reader', '--type', 'read-only'];
    const made = await runCms(create, { env: { CMS_STATE_URL: state } });
    expect(made.code).toBe(0);
    expect((await fetch(`${info.replicas[1]}/api/tags`, { headers: { authorization: `Bearer ${made.stdout.trim()}` } })).status).toBe(200);
    // Issue 35, item 7: in a replica's folder without CMS_STATE_URL, the CLI finds the cluster's store (.cms/state.url).
    const found = await runCms(['token', 'create', '--root', info.replicaDirs[1], '--name', 'found', '--type', 'read-only'],
      { env: { CMS_STATE_URL: '' } });
    expect(found.code).toBe(0);
    expect(found.stderr).toContain('created read-only API token "found" in PostgreSQL');
    for (const url of info.replicas) {
      expect((await fetch(`${url}/api/tags`, { headers: { authorization: `Bearer ${found.stdout.trim()}` } })).status).toBe(200);
    }
    expect(existsSync(join(info.replicaDirs[1], '.cms/state.json'))).toBe(false);

    const pids = [1, 2].map((at) => pidIn(join(dir, `replica-${at}.pid`)));
    const nginx = pidIn(join(dir, 'nginx', 'nginx.pid'));
    expect([...pids, nginx].every(alive)).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('cluster stopped');
    expect(stderr).not.toContain('restarting');
    expect([...pids, nginx].filter(alive)).toEqual([]);
    const stateDir = decodeURIComponent(/host=([^&]+)/.exec(state)![1]);
    expect(existsSync(join(stateDir, 'data', 'postmaster.pid'))).toBe(false);
    await expect(fetch(`${info.balancer}/api/tags`)).rejects.toThrow();
  });

  it('refuses a folder that is not empty, in one line, starting nothing', async () => {
    const result = await runCms(['cluster', '--replicas', '2', '--port', '0', '--dir', project, '--root', project]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('is not empty: give cms cluster a new folder');
  });
});
