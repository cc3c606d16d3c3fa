// `npm run torture:replicas`: a 3-replica `cms cluster` under concurrent, racing and failing load,
// then the checks of issue #29: no acknowledged write missing from the origin or acknowledged
// before it was on it, every replica equal to a fresh clone of the origin within 1 s, `cms validate`
// clean, users and tokens valid everywhere. Prints the figures and exits 1 when a check fails.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createCms } from '../dist/core/cms.js';
import { createApp } from '../dist/core/http/app.js';

const repo = resolve(import.meta.dirname, '..');
const BIN = join(repo, 'dist/cli/bin.js');
const REPLICAS = Number(process.env.TORTURE_REPLICAS ?? 3);
const git = (cwd, ...args) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();
const nonce = () => Math.random().toString(36).slice(2, 10);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
};

// ---- the cluster --------------------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'cms-torture-replicas-'));
const project = join(work, 'project');
execFileSync('cp', ['-r', repo + '/schemas', repo + '/content', repo + '/public', repo + '/cms.config.json', '--target-directory',
  (execFileSync('mkdir', ['-p', project]), project)]);
git(project, 'init', '--quiet', '--initial-branch=main');
git(project, 'add', '-A');
git(project, '-c', 'user.name=torture', '-c', 'user.email=t@localhost', 'commit', '--quiet', '-m', 'torture seed');
const dir = join(work, 'cluster');
const cluster = spawn(process.execPath, [BIN, 'cluster', '--replicas', String(REPLICAS), '--port', '0', '--dir', dir, '--root', project],
  { stdio: ['ignore', 'pipe', 'pipe'] });
let clusterLog = '';
cluster.stderr.on('data', (chunk) => { clusterLog += chunk; });
const info = await new Promise((resolveInfo, reject) => {
  let out = '';
  cluster.stdout.on('data', (chunk) => { out += chunk; if (out.includes('\n')) resolveInfo(JSON.parse(out.split('\n')[0])); });
  cluster.once('exit', (code) => reject(new Error(`cms cluster exited (${code}): ${clusterLog}`)));
});
const stateUrl = readFileSync(join(dir, 'state.url'), 'utf8').trim();
/** The main ref of the bare repository at `repo` at this instant: the loose ref, else packed-refs (no git process on the hot path). */
const mainRefIn = (repo) => {
  const loose = join(repo, 'refs/heads/main');
  if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
  const packed = existsSync(join(repo, 'packed-refs')) ? readFileSync(join(repo, 'packed-refs'), 'utf8') : '';
  return /^([0-9a-f]{40}) refs\/heads\/main$/m.exec(packed)?.[1];
};
// The origin's main at this instant. During the outage phase this bench has moved the origin to
// `<origin>.away`, where no replica can push: what it holds was on the origin before the move, so an
// answer that lands just after the move (its push done just before) is still read right.
const originRef = () => mainRefIn(info.origin) ?? mainRefIn(`${info.origin}.away`) ?? 'unreachable';
console.log(`cluster: ${info.balancer} over ${info.replicas.join(', ')}; origin ${info.origin}`);

// ---- one client ---------------------------------------------------------------------------
const auth = { authorization: `Bearer ${info.token}` };
const acks = [];        // every acknowledged write: { kind, id, value, ms, originAt, commit }
const failures = {};    // status → count (not acknowledged: fine, but counted)
let cookie = '';
async function send(base, method, path, data, { track = true, headers = {} } = {}) {
  const started = performance.now();
  let response;
  try {
    response = await fetch(`${base}/api${path}`, {
      method, headers: { ...auth, 'content-type': 'application/json', ...headers },
      body: data ? JSON.stringify({ data }) : undefined, signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    failures[error.name] = (failures[error.name] ?? 0) + 1;
    return undefined;
  }
  const originAt = originRef();
  const body = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  const ms = performance.now() - started;
  if (response.status >= 300) {
    failures[response.status] = (failures[response.status] ?? 0) + 1;
    return { status: response.status, body };
  }
  const commit = response.headers.get('x-cms-commit') ?? undefined;
  cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
  if (track) acks.push({ phase: currentPhase, method, path, data, id: body?.data?.documentId ?? path.split('/')[2], ms, originAt, commit,
    at: performance.now() });
  return { status: response.status, body, ms, commit };
}
const pick = (at) => (at % (REPLICAS + 1) === REPLICAS ? info.balancer : info.replicas[at % REPLICAS]);
const createTag = (base, name = `Tag ${nonce()}`) => send(base, 'POST', '/tags', { name, color: 'red' });
const phases = [];
let currentPhase = '';
async function phase(name, run) {
  currentPhase = name;
  const before = acks.length, started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const done = acks.slice(before);
  phases.push({
    name, acks: done.length,
    get missing() { return done.filter((ack) => ack.missing).length; },
    get early() { return done.filter((ack) => ack.early).length; },
    seconds: +seconds.toFixed(2), 'writes/s': +(done.length / seconds).toFixed(1),
    'p95 ms': Math.round(percentile(done.map((ack) => ack.ms), 0.95)),
  });
}
const clients = (count, each, body) => Promise.all(Array.from({ length: count }, (_, client) => (async () => {
  for (let at = 0; at < each; at++) await body(client, at);
})()));

// ---- the load ----------------------------------------------------------------------------
const user = { username: `editor${nonce()}`, email: `editor${nonce()}@example.com`, password: 'torture password 123' };
const registered = await fetch(`${info.replicas[0]}/api/auth/local/register`,
  { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) }).then((r) => r.json());

await phase('concurrent creates (8 clients, balancer and replicas)', () => clients(8, 15, (client, at) => createTag(pick(client + at))));

const seeds = [];
for (let at = 0; at < 12; at++) seeds.push((await createTag(info.balancer))?.body?.data?.documentId);
await phase('same-field races from different replicas', () => Promise.all(seeds.slice(0, 6).flatMap((id) =>
  info.replicas.map((base, at) => send(base, 'PUT', `/tags/${id}`, { name: `Same ${at} ${nonce()}` })))));
await phase('different-field races from different replicas', () => Promise.all(seeds.slice(6, 9).flatMap((id) => [
  send(info.replicas[0], 'PUT', `/tags/${id}`, { name: `Different ${nonce()}` }),
  send(info.replicas[1 % REPLICAS], 'PUT', `/tags/${id}`, { color: 'blue' }),
])));
const deleteRaces = seeds.slice(9, 12);
const deleteOutcomes = [];
await phase('delete against update', () => Promise.all(deleteRaces.map(async (id) => {
  const [removed, updated] = await Promise.all([send(info.replicas[0], 'DELETE', `/tags/${id}`),
    send(info.replicas[1 % REPLICAS], 'PUT', `/tags/${id}`, { name: `Survivor ${nonce()}` })]);
  deleteOutcomes.push({ id, removed: removed?.status, updated: updated?.status });
})));
const slugRace = `Race ${nonce()}`;
await phase('one uid from the same title on every replica',
  () => Promise.all(info.replicas.map((base, at) => createTag(base, at ? `${slugRace}${' '.repeat(at)}!` : slugRace))));

let rywMisses = 0, rywReads = 0;
const edited = seeds[6];
await phase('one editor\'s saves spread by the balancer (read-your-writes)', async () => {
  for (let at = 0; at < 30; at++) {
    const name = `Editor save ${at} ${nonce()}`;
    const saved = await send(info.balancer, 'PUT', `/tags/${edited}`, { name });
    if (saved?.status !== 200) continue;
    const headers = { ...auth, ...(saved.commit ? { 'x-cms-commit': saved.commit } : {}), ...(cookie ? { cookie } : {}) };
    const read = await fetch(`${info.balancer}/api/tags/${edited}`, { headers }).then((r) => r.json()).catch(() => undefined);
    rywReads++;
    if (read?.data?.name !== name) rywMisses++;
  }
});

await phase('kill -9 of a replica mid-load (the cluster restarts it)', async () => {
  const load = clients(6, 12, (client, at) => createTag(pick(client + at)));
  await delay(800);
  const pid = Number(readFileSync(join(dir, `replica-${Math.min(2, REPLICAS)}.pid`), 'utf8'));
  process.kill(pid, 'SIGKILL');
  await load;
});

await phase('10 s origin outage under load', async () => {
  let stop = false;
  const load = clients(4, 1, async () => {
    while (!stop) {
      const result = await createTag(pick(Math.floor(Math.random() * 10)));
      // A refused request comes back at once: do not spin on it.
      if (!result || result.status >= 500) await delay(100);
    }
  });
  await delay(1000);
  renameSync(info.origin, `${info.origin}.away`);
  await delay(10_000);
  renameSync(`${info.origin}.away`, info.origin);
  await delay(2000);
  stop = true;
  await load;
});
const loadStopped = performance.now();

// ---- convergence: every replica equal to a fresh clone of the origin ---------------------
const fresh = join(work, 'fresh');
git(work, 'clone', '--quiet', info.origin, fresh);
const freshCms = await createCms({ root: join(fresh), env: { ...process.env, CMS_STATE_URL: stateUrl }, report: () => {} });
const freshApp = createApp(freshCms, { log: () => {} });
const LIST = '/api/tags?pagination[pageSize]=100&sort=documentId&pagination[page]=';
async function snapshot(get) {
  const pages = [];
  for (let page = 1; ; page++) {
    const body = await get(`${LIST}${page}`);
    pages.push(...(body?.data ?? []));
    if (!body?.meta || page >= body.meta.pagination.pageCount) return JSON.stringify(pages);
  }
}
// The origin may still move after the load (a replica pushing what it kept): compare with it as it is now.
let expected = '', expectedAt = '';
async function current() {
  const ref = originRef();
  if (ref === expectedAt) return expected;
  if (expectedAt) { git(fresh, 'pull', '--quiet', '--ff-only'); await freshCms.reload(); }
  expectedAt = ref;
  expected = await snapshot(async (path) => (await freshApp.request(path, { headers: auth })).json());
  return expected;
}
let queue = Promise.resolve('');
const latest = () => (queue = queue.then(current));
await latest();
let originMovedAfterLoad = false;
const differences = [];
const firstRef = expectedAt;
const convergence = await Promise.all(info.replicas.map(async (base) => {
  for (;;) {
    const got = await snapshot(async (path) => (await fetch(`${base}${path}`, { headers: auth })).json()).catch(() => '');
    const want = await latest();
    if (expectedAt !== firstRef) originMovedAfterLoad = true;
    if (got === want) return performance.now() - loadStopped;
    if (performance.now() - loadStopped > 30_000) {
      const want = new Map(JSON.parse(expected).map((tag) => [tag.documentId, JSON.stringify(tag)]));
      const have = got ? JSON.parse(got) : [];
      const other = have.filter((tag) => want.get(tag.documentId) !== JSON.stringify(tag));
      differences.push(`${base}: ${have.length} documents (origin ${want.size}), ${other.length} differ, `
        + `e.g. ${JSON.stringify(other[0] ?? null)} vs ${other[0] ? want.get(other[0].documentId) : ''}`);
      return Infinity;
    }
    await delay(50);
  }
}));
await freshCms.close();

// ---- checks -------------------------------------------------------------------------------
// The origin's history, oldest first: which commit each value and each deletion first appears in.
const history = git(info.origin, 'log', '--first-parent', '--reverse', '-p', '--format=%x1e%H', 'main').split('\x1e').filter(Boolean);
const position = new Map(history.map((chunk, at) => [chunk.slice(0, 40), at]));
const firstIn = (text) => history.findIndex((chunk) => chunk.includes(text));
let missing = 0, early = 0;
const problems = [];
for (const ack of acks) {
  const marker = ack.method === 'DELETE' ? `deleted file mode` : ack.data?.name ?? ack.data?.color;
  const where = ack.commit ? (position.get(ack.commit) ?? -1)
    : ack.method === 'DELETE'
      ? history.findIndex((chunk) => chunk.includes(`--- a/content/tags/${ack.id}.json`) && chunk.includes('deleted file mode'))
      : ack.data?.name ? firstIn(JSON.stringify(ack.data.name)) : firstIn(ack.id);
  if (where < 0) {
    missing++;
    ack.missing = true;
    problems.push(`missing from the origin: ${ack.method} ${ack.path} ${marker ?? ''}`);
    continue;
  }
  const originAt = position.get(ack.originAt) ?? -1;
  if (originAt < where) {
    early++;
    ack.early = true;
    problems.push(`acknowledged before it was on the origin: ${ack.method} ${ack.path} ${marker ?? ''}`);
  }
}
// Origin order decides: a same-field race ends on the acknowledged value the origin took last; an
// update acknowledged beside an acknowledged delete must have come first (a later one is a 404).
const finalTags = new Map(JSON.parse(expected).map((tag) => [tag.documentId, tag]));
let raceLosses = 0;
for (const id of seeds.slice(0, 6)) {
  const values = acks.filter((ack) => ack.id === id && ack.method === 'PUT').map((ack) => ack.data.name);
  const last = values.sort((a, b) => firstIn(JSON.stringify(a)) - firstIn(JSON.stringify(b))).pop();
  if (last !== undefined && finalTags.get(id)?.name !== last) {
    raceLosses++;
    problems.push(`same-field race on ${id}: the origin ends on ${finalTags.get(id)?.name}, its last acknowledged value is ${last}`);
  }
}
for (const outcome of deleteOutcomes) {
  if (outcome.removed === 204 && outcome.updated === 200 && finalTags.has(outcome.id)) {
    raceLosses++;
    problems.push(`delete and update of ${outcome.id} both acknowledged, yet the document is still there`);
  }
}
const validate = (() => {
  try {
    execFileSync(process.execPath, [BIN, 'validate', '--root', fresh], { stdio: 'pipe' });
    return 'clean';
  } catch (error) {
    return `FAILED: ${String(error.stderr).trim().split('\n').slice(0, 3).join(' | ')}`;
  }
})();
const credentials = await Promise.all(info.replicas.map(async (base) => {
  const token = (await fetch(`${base}/api/tags`, { headers: auth })).status;
  const login = await fetch(`${base}/api/auth/local`,
    { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.email, password: user.password }) }).then((r) => r.json());
  const me = registered.jwt ? (await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${registered.jwt}` } })).status : 0;
  return token === 200 && login?.user?.id === registered.user?.id && me === 200;
}));
const replicasEqual = info.replicaDirs.map((root) => git(root, 'rev-parse', 'HEAD') === git(info.origin, 'rev-parse', 'main'));

cluster.kill('SIGTERM');
const exitCode = await new Promise((resolveExit) => cluster.once('exit', resolveExit));

// ---- figures ------------------------------------------------------------------------------
console.table(phases.map(({ name, acks, seconds, 'writes/s': rate, 'p95 ms': p95, missing, early }) => (
  { name, acks, seconds, 'writes/s': rate, 'p95 ms': p95, missing, early })));
const settled = convergence.filter(Number.isFinite);
const figures = {
  'acknowledged writes': acks.length,
  'not acknowledged (status → count)': JSON.stringify(failures),
  'acknowledged, missing from the origin': missing,
  'acknowledged while not on the origin': early,
  'commit header on acks': acks.some((ack) => ack.commit) ? 'X-Cms-Commit' : 'absent (checked against the origin ref read at ack time)',
  'convergence median ms': settled.length ? Math.round(percentile(settled, 0.5)) : 'none converged',
  'convergence max ms': convergence.some((ms) => !Number.isFinite(ms)) ? 'never (30 s)' : Math.round(Math.max(...convergence)),
  'replica HEAD = origin main': replicasEqual.join(', '),
  'origin moved after the load stopped': originMovedAfterLoad,
  'read-your-writes misses': `${rywMisses} of ${rywReads}`,
  'delete vs update (status pairs)': deleteOutcomes.map((o) => `${o.removed}/${o.updated}`).join(' '),
  'races not decided by origin order': raceLosses,
  'cms validate on the origin': validate,
  'user and token valid on every replica': credentials.join(', '),
  'cluster exit on SIGTERM': exitCode,
};
for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(40)} ${value}`);
for (const difference of differences) console.log(`  not converged: ${difference.slice(0, 400)}`);
for (const problem of problems.slice(0, 15)) console.log(`  ${problem}`);
if (problems.length > 15) console.log(`  … and ${problems.length - 15} more`);
const passed = missing === 0 && early === 0 && raceLosses === 0 && convergence.every((ms) => ms <= 1000) && validate === 'clean'
  && credentials.every(Boolean) && exitCode === 0;
console.log(passed ? 'PASS' : 'FAIL');
process.exitCode = passed ? 0 : 1;
