// What one page load of the studio's edit form costs: the article's form on a copy of the sample site, loaded `--runs` times, each
// timed from the load to the title in the form. By default a reload in one chromium tab (as a test's fresh form, or an editor's
// reload: the studio's files in the browser's cache); with `--first`, a first load, each run in a new browser context (nothing
// cached, as each editor of a test and a new visitor: the context's creation counted too), signed in through its storage. CPU is
// this process's (the server, and playwright driving the page) and chromium's (its processes under this one, from /proc).
// `npm run build && node bench/studio-reload.mjs --runs 8 [--first]` (never part of npm test).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createCms } from '../dist/core/cms.js';
import { serve } from '../dist/core/http/serve.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 8);
const first = process.argv.includes('--first');
const repo = resolve(import.meta.dirname, '..');
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
const env = { CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef' };
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
if (!executablePath) { console.error('no chromium binary: apt-get install -y chromium, or set CHROMIUM_PATH'); process.exit(1); }

/** CPU seconds of this process's descendants (chromium and its helpers), from /proc (clock ticks of 10 ms). */
function chromiumSeconds() {
  const processes = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(pid), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch { /* gone meanwhile */ }
  }
  const ours = (pid) => {
    for (let at = pid, depth = 0; at > 1 && depth < 20; at = processes.get(at)?.parent ?? 0, depth++) {
      if (processes.get(at)?.parent === process.pid) return true;
    }
    return false;
  };
  return [...processes].reduce((sum, [pid, { ticks }]) => sum + (ours(pid) ? ticks : 0), 0) / 100;
}

const root = mkdtempSync(join(tmpdir(), 'cms-bench-reload-'));
for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) cpSync(join(repo, entry), join(root, entry), { recursive: true });
const cms = await createCms({ root, env, report: () => {} });
const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
const server = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const studio = `${server.url.replace(/\/$/, '')}/admin/`;
  const form = `${studio}#/t/articles/${ARTICLE}?locale=en`;
  const signedIn = [{ name: 'cms-studio-token', value: token }];
  const storageState = { cookies: [], origins: [{ origin: new URL(studio).origin, localStorage: signedIn }] };
  /** A context signed in through its storage, and a count of the answers that came over the network (not from chromium's cache). */
  async function open() {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, storageState });
    const page = await context.newPage();
    const counted = { requests: 0 };
    const cdp = await context.newCDPSession(page);
    const cached = new Set();
    cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (!cached.has(requestId) && !response.fromDiskCache) counted.requests++;
    });
    await cdp.send('Network.enable');
    return { context, page, counted };
  }
  const tab = first ? undefined : await open();
  if (tab) await tab.page.goto(form);
  const sums = { wall: 0, node: 0, chromium: 0, requests: 0 };
  for (let run = 0; run < runs; run++) {
    const [cpu, chromiumBefore, start] = [process.cpuUsage(), chromiumSeconds(), performance.now()];
    const { context, page, counted } = tab ?? await open();
    counted.requests = 0;
    await (tab ? page.reload() : page.goto(form));
    await page.waitForFunction(() => document.querySelector('#field-title')?.value);
    const used = process.cpuUsage(cpu);
    sums.wall += performance.now() - start;
    sums.node += (used.user + used.system) / 1000;
    sums.chromium += (chromiumSeconds() - chromiumBefore) * 1000;
    sums.requests += counted.requests;
    if (!tab) await context.close();
  }
  const mean = (value) => Math.round(value / runs);
  console.log(`form ${first ? 'first load (new context)' : 'reload'}, mean of ${runs}: ${mean(sums.wall)} ms wall, `
    + `${mean(sums.node)} ms CPU here (server and playwright), ${mean(sums.chromium)} ms CPU in chromium, `
    + `${mean(sums.requests)} answers from the network (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
} finally {
  await browser.close();
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
