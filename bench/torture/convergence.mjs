// After the load: every replica must serve what a fresh clone of the origin serves, within a second.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { createCms } from '../../dist/core/cms.js';
import { createApp } from '../../dist/core/http/app.js';
import { git } from './cluster.mjs';

const cloneAsync = (from, to) => promisify(execFile)('git', ['clone', '--quiet', from, to]);

const LIST = '/api/tags?pagination[pageSize]=100&sort=documentId&pagination[page]=';

async function snapshot(get) {
  const pages = [];
  for (let page = 1; ; page++) {
    const body = await get(`${LIST}${page}`);
    pages.push(...(body?.data ?? []));
    if (!body?.meta || page >= body.meta.pagination.pageCount) return JSON.stringify(pages);
  }
}

/**
 * Compare every replica's tags with a fresh clone's until equal (30 s at most each). Answers the ms each took after
 * `loadStopped`, the differences of those that never did, whether the origin moved meanwhile, the origin's final tags
 * (`expected`, JSON), the fresh clone's folder and `readyMs`: when the fresh clone could first be compared.
 */
export async function converge({ work, info, stateUrl, auth, originRef, loadStopped }) {
  // Each replica is read from the moment the load stops, each answer kept with the time it was complete: cloning and
  // indexing the fresh copy takes seconds on a loaded machine, and a replica is judged by what it served when, not by
  // when the judge was ready. Only changes are kept (one entry per distinct answer).
  let reading = true;
  const timelines = info.replicas.map(() => []);
  const readers = info.replicas.map(async (base, at) => {
    while (reading) {
      const got = await snapshot(async (path) => (await fetch(`${base}${path}`, { headers: auth })).json()).catch(() => '');
      const ms = performance.now() - loadStopped;
      if (timelines[at].at(-1)?.got !== got) timelines[at].push({ ms, got });
      await delay(50);
    }
  });
  // Every replica read once before the judge is made: the clone and the index take this process's CPU for a while, and a
  // reader's answer is timed when it is complete (late, never early).
  while (timelines.some((timeline) => timeline.length === 0)) await delay(5);
  const fresh = join(work, 'fresh');
  await cloneAsync(info.origin, fresh);
  const freshCms = await createCms({ root: fresh, env: { ...process.env, CMS_STATE_URL: stateUrl }, report: () => {} });
  const freshApp = createApp(freshCms, { log: () => {} });
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
  // When the fresh clone could first be compared (a figure of the judge, not of the replicas).
  const readyMs = performance.now() - loadStopped;
  let originMovedAfterLoad = false;
  const differences = [];
  const firstRef = expectedAt;
  const convergence = await Promise.all(info.replicas.map(async (base, at) => {
    for (;;) {
      const want = await latest();
      if (expectedAt !== firstRef) originMovedAfterLoad = true;
      // the first answer equal to the origin's that no later, different answer followed
      const timeline = timelines[at];
      const last = timeline.at(-1);
      if (last?.got === want) return last.ms;
      if (performance.now() - loadStopped > 30_000) {
        const wanted = new Map(JSON.parse(expected).map((tag) => [tag.documentId, JSON.stringify(tag)]));
        const have = last?.got ? JSON.parse(last.got) : [];
        const other = have.filter((tag) => wanted.get(tag.documentId) !== JSON.stringify(tag));
        differences.push(`${base}: ${have.length} documents (origin ${wanted.size}), ${other.length} differ, `
          + `e.g. ${JSON.stringify(other[0] ?? null)} vs ${other[0] ? wanted.get(other[0].documentId) : ''}`);
        return Infinity;
      }
      await delay(50);
    }
  }));
  reading = false;
  await Promise.all(readers);
  // TORTURE_DEBUG=1: each replica's answers after the load, as [ms, bytes] (when a replica caught up, and in how many steps)
  if (process.env.TORTURE_DEBUG) console.log(JSON.stringify(timelines.map((t) => t.map(({ ms, got }) => [Math.round(ms), got.length]))));
  await freshCms.close();
  return { convergence, differences, originMovedAfterLoad, expected, fresh, readyMs };
}
