// Replicas that write: writes/s and p95 latency at 1, 2, 3 and 5 replicas of one local bare origin,
// every replica a real `cms serve` process. Not a test: figures for the README and the lead.
//
//   npm run build && node bench/replicas.mjs                       # this checkout's dist/
//   node bench/replicas.mjs --cli /tmp/base/dist/cli/bin.js        # another build (before/after)
//   options: --replicas 1,2,3,5  --clients 8  --writes 200  --docs 20
//   --pin: writer on core 0, the rest on core 1 (see PIN below); --drop-caches: same kernel caches for every run (see below)
//   --to-writer: writes sent to the writer replica, as a balancer configured as docs/deployment.md says sends them
//   BENCH_PROFILE_DIR=<dir>: each replica writes a CPU profile there (node --cpu-prof)
// cpuSeconds: per replica, the CPU its own process and the git runs it waited for spent during the load (Linux); and this
// load generator's own. writesPerPush: acknowledged writes per commit they name (group commit's batch size).
// p50msSentToWriter / p50msForwarded: the writes a client sent to the writer itself, and those another replica forwarded.
//
// Clients spread writes round-robin over the replicas, as a balancer would: half create a note,
// half retitle one of --docs shared notes (so different replicas race on the same field). At the
// end it checks the origin: every acknowledged create must be there, and every shared note must
// hold the title of the last acknowledged update of it (origin order = acknowledgement order).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const option = (name, fallback) => { const at = argv.indexOf(`--${name}`); return at >= 0 ? argv[at + 1] : fallback; };
const CLI = resolve(option('cli', join(import.meta.dirname, '../dist/cli/bin.js')));
const REPLICAS = option('replicas', '1,2,3,5').split(',').map(Number);
const CLIENTS = Number(option('clients', '8'));
const WRITES = Number(option('writes', '200'));
const DOCS = Number(option('docs', '20'));
/**
 * --pin (Linux, 2+ cores): the writer replica (and the git runs it starts, the origin's side of its pushes included) on
 * core 0; the other replicas and this load generator on core 1. Replicas on their own machines do their catching-up
 * beside the writer, not on its core: pinned, this machine stands for that; unpinned, every process shares both cores.
 */
const PIN = argv.includes('--pin');
/**
 * --drop-caches (Linux, root): sync and drop the kernel's page, dentry and inode caches before each run. Every run
 * creates and deletes thousands of small files (loose objects, clones); without it each run's git is slower than the
 * last (the same writes cost the writer's git 2.5 s, then 3.9 s, then 4.2 s), and a comparison measures run order.
 */
const DROP_CACHES = argv.includes('--drop-caches');
/**
 * --to-writer: every write goes to the writer replica, as the deployment guide's balancer (and `cms cluster`'s) sends
 * them; without it clients spread writes round-robin over every replica, as any balancer would, and the others forward.
 */
const TO_WRITER = argv.includes('--to-writer');
if (PIN) execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });

const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', ...args],
  { cwd, encoding: 'utf8' }).trim();
const freePort = () => new Promise((done, fail) => {
  const probe = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});

function seedOrigin(dir) {
  const seed = join(dir, 'seed');
  const write = (path, text) => { mkdirSync(join(seed, path, '..'), { recursive: true }); writeFileSync(join(seed, path), text); };
  write('schemas/note.json', JSON.stringify({
    kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, options: { draftAndPublish: false },
    attributes: { title: { type: 'string' }, slug: { type: 'uid', targetField: 'title' } },
  }, null, 2));
  write('cms.config.json', JSON.stringify({
    permissions: { public: { notes: ['find', 'findOne', 'create', 'update'] } },
    git: { push: 'origin', pull: 60, timestampsFromHistory: true },
  }, null, 2));
  write('.gitattributes', 'content/** merge=cms\n');
  write('.gitignore', '.cms/\n');
  for (let at = 0; at < DOCS; at++) {
    const note = { title: `Shared ${at}`, slug: `shared-${at}`, createdAt: '2025-01-01T00:00:00.000Z' };
    write(`content/notes/shared${at}.json`, `${JSON.stringify(note, null, 2)}\n`);
  }
  git(seed, 'init', '--quiet', '--initial-branch=main');
  git(seed, 'add', '--all');
  git(seed, 'commit', '--quiet', '-m', 'seed');
  const origin = join(dir, 'origin.git');
  git(dir, 'init', '--quiet', '--bare', '--initial-branch=main', origin);
  git(seed, 'push', '--quiet', origin, 'main');
  return origin;
}

/** One `cms serve` on its own clone; it tells the other replicas (`CMS_GIT_PEERS`) after each push. */
async function startReplica(dir, origin, at, ports, writer) {
  const root = join(dir, `replica${at}`);
  git(dir, 'clone', '--quiet', origin, root);
  execFileSync(process.execPath, [CLI, 'git-setup', '--root', root], { stdio: 'ignore' });
  const port = ports[at];
  const peers = ports.filter((other) => other !== port).map((other) => `http://127.0.0.1:${other}`).join(',');
  const env = { ...process.env, CMS_GIT_PULL_TOKEN: 'bench-secret', CMS_GIT_PEERS: peers, CMS_GIT_SELF: `http://127.0.0.1:${port}` };
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const command = [process.execPath, ...profile, CLI];
  const pinned = PIN ? ['taskset', '-c', at === writer ? '0' : '1', ...command] : command;
  const child = spawn(
    pinned[0], [...pinned.slice(1), 'serve', '--root', root, '--port', String(port), '--host', '127.0.0.1', '--no-watch', '--no-admin'],
    { stdio: ['ignore', 'ignore', 'pipe'], env },
  );
  let stderr = '';
  await new Promise((done, fail) => {
    child.stderr.on('data', (chunk) => { stderr += chunk; if (stderr.includes('Serving ')) done(); });
    child.once('exit', (code) => fail(new Error(`replica ${at} exited ${code}: ${stderr}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** CPU seconds a replica has used, and the git processes it ran (Linux's /proc; null elsewhere). */
const cpuSeconds = (pid) => {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return null;
  const ticks = readFileSync(path, 'utf8').split(') ')[1].split(' ').slice(11, 15).map(Number);
  return { own: (ticks[0] + ticks[1]) / 100, git: (ticks[2] + ticks[3]) / 100 };
};

/**
 * One JSON request over a kept-alive connection: node:http costs the load generator a quarter of what fetch does, and
 * the load generator shares a core with the replicas that are not the writer (--pin).
 */
const agent = new Agent({ keepAlive: true });
const send = (method, url, data) => new Promise((resolve, reject) => {
  const payload = JSON.stringify(data);
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
  const request = httpRequest(url, { method, agent, headers }, (answer) => {
    let text = '';
    answer.setEncoding('utf8').on('data', (chunk) => { text += chunk; }).on('end', () => {
      let body = null;
      try { body = JSON.parse(text); } catch { /* not JSON: an error page */ }
      resolve({ status: answer.statusCode, body, commit: answer.headers['x-cms-commit'] });
    });
  });
  request.once('error', reject);
  request.end(payload);
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function run(count) {
  if (DROP_CACHES) {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3\n');
  }
  const dir = mkdtempSync(join(tmpdir(), 'cms-bench-replicas-'));
  const origin = seedOrigin(dir);
  const replicas = [];
  try {
    const ports = [];
    for (let at = 0; at < count; at++) ports.push(await freePort());
    // The writer is the first replica by URL (core/replication/writer-choice.ts); with one replica, that one.
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const writer = urls.indexOf([...urls].sort()[0]);
    for (let at = 0; at < count; at++) replicas.push(await startReplica(dir, origin, at, ports, writer));
    const latencies = [];
    /** Latencies of the writes sent to the writer itself, and of those another replica forwarded to it. */
    const direct = [];
    const forwarded = [];
    const statuses = {};
    const created = [];
    /** Acknowledged updates per note: title, when sent, when answered. */
    const lastTitle = new Map();
    let next = 0;
    /** The commits acknowledged writes name: one per push that carried them. */
    const pushes = new Set();
    const cpuBefore = replicas.map((replica) => cpuSeconds(replica.child.pid));
    const loadBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      for (let n = next++; n < WRITES; n = next++) {
        const replica = TO_WRITER ? replicas[writer] : replicas[n % replicas.length];
        const update = n % 2 === 1;
        const doc = `shared${n % DOCS}`;
        const title = update ? `Title ${n}` : `Note ${n}`;
        const begin = performance.now();
        const answer = await send(update ? 'PUT' : 'POST', update ? `${replica.url}/api/notes/${doc}` : `${replica.url}/api/notes`,
          { data: { title } })
          .catch((error) => ({ status: `error ${error.code ?? error.message}`, body: null, commit: undefined }));
        const { body, commit } = answer;
        if (commit) pushes.add(commit);
        latencies.push(performance.now() - begin);
        (replica === replicas[writer] ? direct : forwarded).push(performance.now() - begin);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) created.push(body.data.documentId);
        if (answer.status === 200) lastTitle.set(doc, [...(lastTitle.get(doc) ?? []), { title, begin, end: performance.now() }]);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = replicas.map((replica) => cpuSeconds(replica.child.pid));
    const load = process.cpuUsage(loadBefore);
    const spent = (part) => cpuAfter.map((after, at) => (after ? +(after[part] - cpuBefore[at][part]).toFixed(2) : null));
    const acknowledged = (statuses[200] ?? 0) + (statuses[201] ?? 0);
    latencies.sort((a, b) => a - b);
    const onOrigin = new Set(git(dir, '--git-dir', origin, 'ls-tree', '--name-only', 'main', 'content/notes/').split('\n'));
    const missing = created.filter((id) => !onOrigin.has(`content/notes/${id}.json`)).length;
    // The origin's title of a note must come from an acknowledged update U that no other acknowledged update of it
    // began after U was answered (such a later update must have won): otherwise an acknowledged write was lost.
    const lost = [...lastTitle].filter(([doc, updates]) => {
      const title = JSON.parse(git(dir, '--git-dir', origin, 'show', `main:content/notes/${doc}.json`)).title;
      const winner = updates.find((update) => update.title === title);
      return !winner || updates.some((other) => other.begin > winner.end);
    }).length;
    const median = (list) => (list.length ? Math.round(list.sort((a, b) => a - b)[list.length >> 1]) : null);
    return {
      replicas: count, pinned: PIN, toWriter: TO_WRITER, writes: WRITES, clients: CLIENTS, seconds: +seconds.toFixed(2),
      writesPerSecond: +(acknowledged / seconds).toFixed(1),
      p50ms: Math.round(percentile(latencies, 50)), p95ms: Math.round(percentile(latencies, 95)),
      p50msSentToWriter: median(direct), p50msForwarded: median(forwarded),
      writesPerPush: +(acknowledged / pushes.size).toFixed(2), statuses,
      cpuSeconds: { replicas: spent('own'), theirGit: spent('git'), loadGenerator: +((load.user + load.system) / 1e6).toFixed(2) },
      createsMissingOnOrigin: missing, notesNotHoldingTheLastAcknowledgedUpdate: lost,
    };
  } finally {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => new Promise((done) => (
      replica.child.exitCode !== null ? done() : replica.child.once('exit', done)))));
    // The origin's git may still be packing in the background (gc --auto after a push): retried until it is done.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

console.log(`# ${CLI}`);
for (const count of REPLICAS) console.log(JSON.stringify(await run(count)));
agent.destroy();
