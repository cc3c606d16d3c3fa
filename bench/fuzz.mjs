// A bounded, seeded query and body fuzzer against the real server (`cms serve` over a real socket) on a copy
// of the sample site, with a full-access token, so that what an attacker's fuzzer finds stays found.
//
//   npm run fuzz -- --count 50000 --seed 1
//
// The requests come from bench/fuzz-requests.mjs. It counts 5xx answers, answers slower than 1 s and
// connections the server dropped, prints a summary and exits non-zero on any 5xx or drop.
// test/torture/fuzz.test.ts runs a few hundred requests of it in `npm test`.
import { Agent, request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCms } from '../dist/core/cms.js';
import { fuzzRequest, siteShape } from './fuzz-requests.mjs';
import { random } from './generate.mjs';
import { freePort, startServer, writableSite } from './torture.mjs';

/** An answer slower than this is counted (and shown): no request may hold the server. */
export const SLOW_MS = 1000;

function send(agent, port, token, { method, path, body, type }) {
  return new Promise((resolve) => {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) {
      headers['content-length'] = Buffer.byteLength(body);
      if (type) headers['content-type'] = type;
    }
    const started = performance.now();
    let req;
    try {
      req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode, ms: performance.now() - started, text: Buffer.concat(chunks).toString('utf8', 0, 300) });
        });
        res.on('error', (error) => resolve({ error: String(error), ms: performance.now() - started }));
      });
    } catch (error) {
      // Node's client refused to send it (a path it considers invalid): not the server's doing.
      resolve({ skipped: String(error) });
      return;
    }
    req.on('error', (error) => resolve({ error: String(error), ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * Fuzz `cms serve` on a copy of the sample site: `count` requests from `seed`, `parallel` at once.
 * Resolves with the counts and the first few failures of each kind.
 */
export async function fuzzServer({ count = 1000, seed = 1, parallel = 4, slowMs = SLOW_MS, log = console.log, progress = () => {} } = {}) {
  const root = writableSite();
  // Throwaway secrets for a throwaway site, shared with the server process through its environment.
  const secrets = { CMS_API_TOKEN_SALT: `fuzz-salt-${'0'.repeat(40)}`, CMS_JWT_SECRET: `fuzz-jwt-${'0'.repeat(40)}` };
  const cms = await createCms({ root, env: secrets, watch: false, report: () => {} });
  const token = (await cms.auth.tokens.create({ name: 'fuzz', type: 'full-access' })).accessKey;
  const shape = siteShape(cms);
  const port = await freePort();
  Object.assign(process.env, secrets);
  const server = await startServer(root, port);
  let exit;
  server.once('exit', (code, signal) => { exit = `${code ?? signal}`; });
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const rand = random(seed);
  const statuses = {};
  const fiveHundreds = [];
  const slow = [];
  const dropped = [];
  let skipped = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count && exit === undefined) {
      const at = next++;
      if (at > 0 && at % 5000 === 0) progress(`  ${at} sent, ${fiveHundreds.length} 5xx, ${slow.length} slow, ${dropped.length} dropped`);
      const request = fuzzRequest(rand, shape);
      const answer = await send(agent, port, token, request);
      if (answer.skipped) { skipped++; continue; }
      if (answer.error) { dropped.push({ ...request, body: request.body?.slice(0, 200), error: answer.error }); continue; }
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const { method, path, body } = request;
      const seen = { at, method, path: path.slice(0, 500), body: body?.slice(0, 300), status: answer.status, ms: Math.round(answer.ms) };
      if (answer.status >= 500) fiveHundreds.push({ ...seen, answer: answer.text });
      if (answer.ms > slowMs) slow.push(seen);
    }
  };
  let crashed;
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    agent.destroy();
    crashed = exit !== undefined ? `the server exited (${exit}): ${server.stderrTail.slice(-2000)}` : undefined;
    if (exit === undefined) server.kill('SIGTERM');
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => (exit !== undefined ? resolve() : server.once('exit', resolve)));
  rmSync(root, { recursive: true, force: true });
  const summary = { count, seed, seconds: Math.round(seconds * 10) / 10, statuses, fiveHundreds: fiveHundreds.length, slow: slow.length,
    dropped: dropped.length, skipped, crashed };
  log(`fuzz: ${count} requests (seed ${seed}) in ${summary.seconds} s: statuses ${JSON.stringify(statuses)}; `
    + `${fiveHundreds.length} 5xx, ${slow.length} over ${slowMs} ms, `
    + `${dropped.length} dropped connections, ${skipped} not sendable${crashed ? `; ${crashed}` : ''}`);
  for (const failure of [...fiveHundreds.slice(0, 10), ...dropped.slice(0, 5)]) log(`  ${JSON.stringify(failure)}`);
  for (const answer of [...slow].sort((a, b) => b.ms - a.ms).slice(0, 10)) log(`  slow: ${JSON.stringify(answer)}`);
  return { ...summary, failures: { fiveHundreds, slow, dropped } };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = { count: '1000', seed: '1', parallel: '4', slow: String(SLOW_MS) };
  const strings = Object.fromEntries(Object.entries(options).map(([name, value]) => [name, { type: 'string', default: value }]));
  const { values } = parseArgs({ options: strings });
  const [count, seed, parallel, slowMs] = [values.count, values.seed, values.parallel, values.slow].map(Number);
  if (![count, seed, parallel, slowMs].every((value) => Number.isInteger(value) && value >= 0) || parallel < 1) {
    console.error('usage: npm run fuzz -- [--count N] [--seed S] [--parallel P] [--slow MS]   (non-negative integers)');
    process.exitCode = 2;
  } else {
    const result = await fuzzServer({ count, seed, parallel, slowMs, progress: console.log });
    process.exitCode = result.fiveHundreds || result.dropped || result.crashed ? 1 : 0;
  }
}
