// The write rows' load from wrk (C, https://github.com/wg/wrk; Debian's package `wrk`) when it is installed. autocannon
// builds each write's request in JavaScript (setupRequest: a JSON body, then its own request builder), about 57 µs of CPU
// per request in the load process, measured at 3,700 creates/s: a fifth of a core on this 2-core machine, and a step in
// every connection's loop (a connection's next request leaves after the answer). wrk, in C with the bodies made in Lua,
// used 11–20 µs per request, mostly its socket calls. Strapi answers some 100 writes a second, where the load's cost is
// nothing; this server answers thousands.
// The requests are those of write-rows.mjs, spelled in Lua: creates with a fresh title each; updates round-robin over
// the documentIds; the mix 9 reads of the list, then an update of a draft, over and over. The mix's two halves alone
// (its list reads, its draft updates) are there too, for bench/mix-split.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNPLACED, onRest } from './cpu-placement.mjs';

const LIST = '/api/articles?pagination[pageSize]=10';

/** Whether `wrk` runs here. */
export function wrkInstalled() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1.
    return error.status === 1;
  }
}

/** A Lua string literal. */
const lua = (text) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The Lua script of one write row of write-rows.mjs (by its scenario's name), over `ids`. */
export function wrkScript(scenario, ids) {
  const common = `local json, plain = { ["Content-Type"] = "application/json" }, {}
local ids = { ${ids.map(lua).join(', ')} }
local at, serial = 0, 0
local tag = string.format("%x", os.time())
local function word() serial = serial + 1; return tag .. string.format("%x", serial) end
local function nextId() at = at + 1; return ids[(at - 1) % #ids + 1] end
local function update(status)
  return wrk.format("PUT", "/api/articles/" .. nextId() .. (status and ("?status=" .. status) or ""), json,
    '{"data":{"description":"bench write ' .. word() .. '"}}')
end
`;
  const bodies = {
    creates: `request = function()
  return wrk.format("POST", "/api/articles", json,
    '{"data":{"title":"bench ' .. word() .. '","description":"created by the bench","views":1}}')
end`,
    'updates (many documents)': 'request = function() return update(nil) end',
    'read/write mix 9:1 (many documents)': `local turn = 0
request = function()
  turn = turn + 1
  if turn % 10 == 0 then return update("draft") end
  return wrk.format("GET", ${lua(LIST)}, plain)
end`,
    // The mix's two halves alone (bench/mix-split.mjs), not rows of the table.
    'list reads': `request = function() return wrk.format("GET", ${lua(LIST)}, plain) end`,
    'draft updates (many documents)': 'request = function() return update("draft") end',
  };
  const body = bodies[scenario];
  if (!body) throw new Error(`no wrk script for the write row "${scenario}"`);
  return `${common}${body}
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"total":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d}\\n', summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout))
end
`;
}

/**
 * One write row's run from wrk (one thread, `connections` connections, `duration` s): resolves to
 * `{ total, seconds, rps, p50, p99, errors }` as `startLoad().run` does (latencies in ms). With a `placement`
 * (cpu-placement.mjs), wrk runs on its `rest` cores.
 *
 * @example
 * const { rps } = await wrkWrites({ url, connections: 10, duration: 5, scenario: 'creates', ids: [] });
 */
export function wrkWrites({ url, connections, duration, scenario, ids, placement = UNPLACED }) {
  const folder = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(folder, 'row.lua');
  writeFileSync(script, wrkScript(scenario, ids));
  return new Promise((resolve, reject) => {
    const child = spawn(...onRest('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', script, url], placement),
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { out += chunk; });
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(folder, { recursive: true, force: true });
      const line = /^RESULT (.*)$/m.exec(out);
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${out.trim().slice(-400)}`));
      const { total, us, p50, p99, errors } = JSON.parse(line[1]);
      const seconds = us / 1e6;
      resolve({ total, seconds, rps: Math.round(total / Math.max(seconds, 0.01)), p50: p50 / 1000, p99: p99 / 1000, errors });
    });
  });
}
