import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneReplica, createOrigin } from '../../core/cluster/origin.js';
import { freePort } from '../../core/cluster/ports.js';
import { startReplica, type ReplicaProcess } from '../../core/cluster/replica-process.js';
import { BIN } from '../cli/built-cli.js';
import { editJson, git, initRepo } from '../git-workflow/helpers.js';
import { copySampleSite, REPO_ROOT } from './project.js';
import { repointRemote } from './seeded-repo.js';
import { removeAfterFile } from './temp-folders.js';

/** One `cms serve` of a replica set: its URL, folder, log and process id file. */
export interface Member {
  url: string;
  root: string;
  log: string;
  pidFile: string;
  process?: ReplicaProcess;
  /** Its log so far. */
  logText(): string;
  pid(): number;
}

export interface ReplicaSet {
  origin: string;
  pullToken: string;
  members: Member[];
  /** Start member `at` (`cms serve`, restarted when it dies, as `cms cluster` does); `stateUrl` undefined: no state store. */
  start(at: number, stateUrl: string | undefined): Promise<Member>;
  stop(): Promise<void>;
}

/** The origin `cms cluster` makes of the sample site, and one replica's clone of it, per set of `git` settings. */
interface Seed { origin: string; clone: string; prefix: string }
const seeds = new Map<string, Promise<Seed>>();
const DRIVER = `${process.execPath} ${join(REPO_ROOT, 'dist/cli/merge-driver.js')}`;

/**
 * The origin `cms cluster` makes of the sample site (committed, with its replica settings and `gitSettings`), and a clone of it
 * as `cms cluster` makes each replica's: made once per test file and settings, and copied for every set and member, where each
 * would otherwise run the same dozen git processes (clone, config, commit, push) for the same result.
 */
function seeded(gitSettings: Record<string, unknown>): Promise<Seed> {
  const key = JSON.stringify(gitSettings);
  // Test files may share this module (vitest.config.ts): the folder goes after each file, and the next file makes its own.
  const made = seeds.get(key)?.then((was) => (existsSync(was.clone) ? was : seed(gitSettings)), () => seed(gitSettings));
  seeds.set(key, made ?? seed(gitSettings));
  return seeds.get(key)!;
}

async function seed(gitSettings: Record<string, unknown>): Promise<Seed> {
  const dir = removeAfterFile(mkdtempSync(join(tmpdir(), 'cms-replica-origin-')));
  const project = copySampleSite();
  // Anyone may create tags: the writes of these tests need no credential.
  editJson(project, 'cms.config.json', (config) => { config.permissions.public['api::tag.tag'].push('create'); });
  initRepo(project);
  const origin = join(dir, 'origin.git');
  const scratch = join(dir, 'seed');
  const prefix = await createOrigin(project, origin, scratch);
  if (Object.keys(gitSettings).length > 0) {
    // Committed on the origin, as a deployment would (createOrigin's scratch clone is one of the origin's).
    editJson(join(scratch, prefix), 'cms.config.json', (config) => { config.git = { ...config.git, ...gitSettings }; });
    git(scratch, 'commit', '--quiet', '--all', '-m', `git settings ${JSON.stringify(gitSettings)}`);
    git(scratch, 'push', '--quiet', 'origin', 'main');
  }
  const clone = join(dir, 'replica');
  await cloneReplica(origin, clone, prefix, DRIVER);
  return { origin, clone, prefix };
}

/** A copy of the seed's replica clone at `to`, its remote pointed at `origin` (the set's copy of the seed's origin). */
function copyClone(made: Seed, to: string, origin: string): void {
  cpSync(made.clone, to, { recursive: true });
  repointRemote(to, made.origin, origin);
}

/**
 * `count` replicas of the sample site, each a clone of one bare origin, knowing each other's URLs (ports picked first),
 * started by the caller (so a test decides which takes the writer lock first). Real `cms serve` processes. `gitSettings`, when
 * given, are committed into the site's `git` settings on the set's origin (`{ pushTimeout: 4 }`), as a deployment would.
 * The origin and each clone are copies of the file's seed for those settings: byte for byte what `cms cluster` makes.
 *
 * @example
 * const set = await replicaSet(3); await set.start(0, url); … await set.stop();
 */
export async function replicaSet(count: number, gitSettings: Record<string, unknown> = {}): Promise<ReplicaSet> {
  const dir = mkdtempSync(join(tmpdir(), 'cms-replica-set-'));
  const made = await seeded(gitSettings);
  // Each set pushes to an origin of its own.
  const origin = join(dir, 'origin.git');
  cpSync(made.origin, origin, { recursive: true });
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const pullToken = randomBytes(16).toString('hex');
  const members: Member[] = [];
  for (let at = 0; at < count; at++) {
    copyClone(made, join(dir, `replica-${at + 1}`), origin);
    const root = join(dir, `replica-${at + 1}`, made.prefix);
    const log = join(dir, `replica-${at + 1}.log`);
    const pidFile = join(dir, `replica-${at + 1}.pid`);
    members.push({
      url: `http://127.0.0.1:${ports[at]}`, root, log, pidFile,
      logText: () => { try { return readFileSync(log, 'utf8'); } catch { return ''; } },
      pid: () => Number(readFileSync(pidFile, 'utf8').trim()),
    });
  }
  return {
    origin, pullToken, members,
    async start(at, stateUrl) {
      const member = members[at];
      const peers = members.filter((_, other) => other !== at).map((other) => other.url).join(',');
      member.process = await startReplica({
        command: [process.execPath, BIN], root: member.root, port: Number(new URL(member.url).port),
        env: {
          ...process.env, CMS_STATE_URL: stateUrl ?? '', CMS_GIT_PULL_TOKEN: pullToken, CMS_GIT_PEERS: peers, CMS_GIT_SELF: member.url,
        },
        logFile: member.log, pidFile: member.pidFile, report: () => {},
      });
      return member;
    },
    async stop() {
      await Promise.all(members.map((member) => member.process?.stop()));
      // With retries: a git a stopped replica ran (a pull, a push to the origin here) may still be closing files in the folder.
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export interface CuttableLink {
  /** A `postgres://` URL through this link to `database` (the server's unix socket URL of a test database). */
  url: string;
  /** Stop carrying bytes either way, closing nothing (a network partition: no one is told). */
  cut(): void;
  close(): Promise<void>;
}

/**
 * A TCP link to a PostgreSQL server's unix socket that a test can cut as a partition does: after `cut()` nothing passes,
 * no connection is closed, and new ones are accepted and left silent.
 *
 * @example
 * const link = await cuttableLink(await postgres.database()); … link.cut();
 */
export async function cuttableLink(database: string): Promise<CuttableLink> {
  const parsed = new URL(database);
  const socketPath = join(parsed.searchParams.get('host')!, `.s.PGSQL.${parsed.searchParams.get('port') ?? 5432}`);
  let severed = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    if (severed) return;
    const upstream = connect(socketPath);
    sockets.add(upstream);
    client.on('data', (chunk) => { if (!severed) upstream.write(chunk); });
    upstream.on('data', (chunk) => { if (!severed) client.write(chunk); });
    client.on('close', () => { if (!severed) upstream.destroy(); });
    upstream.on('close', () => { if (!severed) client.destroy(); });
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  const port = await new Promise<number>((resolvePort) => server.listen(0, '127.0.0.1', () => resolvePort((server.address() as { port: number }).port)));
  return {
    url: `postgres://${parsed.username}@127.0.0.1:${port}${parsed.pathname}`,
    cut: () => { severed = true; },
    close: () => new Promise((done) => { for (const socket of sockets) socket.destroy(); server.close(() => done()); }),
  };
}
