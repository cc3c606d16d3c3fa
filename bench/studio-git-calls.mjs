// What the studio costs the server, per request: the git processes each one spawns and the server's CPU (its own and its
// children's), for a list page load, a form load (Published site and a change request), the form's disk check, a save, the
// change requests page and the Git panel. The browser's API requests are sent one at a time (playwright's route), so each git
// run belongs to the one request in flight. `npm run build && node bench/studio-git-calls.mjs [--shim] [--json out.json]`:
// with --shim a `git` first on the server's PATH logs each run (adds a shell per run to the CPU), without it the CPU is git's own.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { gitCommand, gitRuns, gitShim } from './git-shim.mjs';

const shim = process.argv.includes('--shim');
const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
const repo = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-studio-token-0123456789abcdef0123456789abcdef';
const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
const git = (cwd, ...argv) => execFileSync('git', argv, { cwd, encoding: 'utf8' }).trim();
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const work = mkdtempSync(join(tmpdir(), 'cms-bench-git-calls-'));
const root = join(work, 'site');
for (const entry of ['schemas', 'content', 'public', 'cms.config.json']) cpSync(join(repo, entry), join(root, entry), { recursive: true });
git(root, 'init', '--quiet', '--initial-branch=main');
git(root, 'add', '--all');
git(root, '-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', 'bench');
git(root, 'branch', 'spring');

const log = join(work, 'git.log');
const shimPath = shim ? gitShim(join(work, 'bin'), log) : process.env.PATH;
const port = await new Promise((done) => { const probe = createServer().listen(0, '127.0.0.1', () => { const { port: p } = probe.address(); probe.close(() => done(p)); }); });
const server = spawn(process.execPath, [join(repo, 'dist/cli/bin.js'), 'serve', '--root', root, '--port', String(port), '--host', '127.0.0.1'], {
  env: { ...process.env, PATH: shimPath, CMS_API_TOKEN: TOKEN,
    CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((done) => server.stdout.on('data', (chunk) => { if (String(chunk).includes(String(port))) done(); }));
const base = `http://127.0.0.1:${port}`;

/** The server's CPU so far, ms: its own, and that of its children it has waited for (git). */
function cpu() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { self: (Number(fields[11]) + Number(fields[12])) * TICK_MS, children: (Number(fields[13]) + Number(fields[14])) * TICK_MS };
}
const gitLines = () => (shim ? gitRuns(log) : []);

const rows = [];
let step = '';
let queue = Promise.resolve();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const context = await browser.newContext();
await context.addInitScript((token) => sessionStorage.setItem('cms-studio-token', token), TOKEN);
let page = await context.newPage();
await context.route((url) => /^\/(admin\/)?api\//.test(url.pathname), (route) => {
  queue = queue.then(async () => {
    const request = route.request();
    const before = cpu();
    const runs = gitLines().length;
    const response = await route.fetch().catch(() => undefined);
    // What the server does right after answering (a watcher's reindex) is the request's too.
    await new Promise((done) => setTimeout(done, 150));
    const after = cpu();
    const url = new URL(request.url());
    const branch = request.headers()['cms-branch'];
    rows.push({ step, request: `${request.method()} ${url.pathname}${url.search.length > 60 ? `${url.search.slice(0, 57)}…` : url.search}${branch ? ` [${branch}]` : ''}`,
      git: shim ? gitLines().slice(runs).map((run) => gitCommand(run.argv)) : [],
      self: after.self - before.self, children: after.children - before.children });
    if (response) await route.fulfill({ response }); else await route.abort();
  });
  return queue;
});

/** Run one step (`cold`: in a new tab, as a page load) and wait until its requests are all answered. */
async function measure(name, act, { cold = false } = {}) {
  step = name;
  if (cold) { await page.close(); page = await context.newPage(); }
  await act();
  for (let last; last !== queue;) {
    last = queue;
    await page.waitForLoadState('networkidle');
    await last;
  }
}
const cold = { cold: true };
await measure('list page load', async () => {
  await page.goto(`${base}/admin/#/t/articles`);
  await page.locator('td.git-state').first().waitFor();
}, cold);
await measure('form load', async () => {
  await page.goto(`${base}/admin/#/t/articles/${ARTICLE}?locale=en`);
  await page.waitForFunction(() => document.querySelector('#field-title')?.value);
}, cold);
await measure('list page load again (new tab)', async () => {
  await page.goto(`${base}/admin/#/t/articles`);
  await page.locator('td.git-state').first().waitFor();
}, cold);
await measure('list to form (same tab)', async () => {
  await page.goto(`${base}/admin/#/t/articles`);
  await page.locator('td.git-state').first().waitFor();
  await page.goto(`${base}/admin/#/t/articles/${ARTICLE}?locale=en`);
  await page.waitForFunction(() => document.querySelector('#field-title')?.value);
});
await measure('form disk check', () => page.evaluate(() => dispatchEvent(new Event('focus'))));
await measure('save', async () => {
  await page.locator('#field-title').fill('Bench title');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
});
await measure('form load on a change request', async () => {
  await page.goto(`${base}/admin/#/cr/spring/t/articles/${ARTICLE}?locale=en`);
  await page.waitForFunction(() => document.querySelector('#field-title')?.value);
}, cold);
await measure('save on a change request', async () => {
  await page.locator('#field-title').fill('Bench title on spring');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
});
await measure('change requests page', async () => {
  await page.goto(`${base}/admin/#/change-requests`);
  await page.getByRole('heading', { name: 'spring' }).first().waitFor();
}, cold);
await measure('git panel', async () => {
  await page.goto(`${base}/admin/#/git`);
  await page.getByRole('heading', { name: 'Branches' }).waitFor();
}, cold);
await browser.close();
server.kill();
rmSync(work, { recursive: true, force: true });

const total = (list) => list.reduce((sum, row) => ({ git: sum.git + row.git.length, self: sum.self + row.self, children: sum.children + row.children }),
  { git: 0, self: 0, children: 0 });
for (const name of [...new Set(rows.map((row) => row.step))]) {
  const mine = rows.filter((row) => row.step === name);
  const sum = total(mine);
  console.log(`\n## ${name}: ${mine.length} requests${shim ? `, ${sum.git} git runs` : ''}, server CPU ${sum.self} ms + children ${sum.children} ms`);
  for (const row of mine) {
    console.log(`  ${row.request}${shim ? `  git ${row.git.length}: ${row.git.join(', ')}` : ''}  (${row.self}+${row.children} ms)`);
  }
}
if (jsonOut) appendFileSync(jsonOut, `${JSON.stringify(rows)}\n`);
