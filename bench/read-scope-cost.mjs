// What recognising a caller costs on a kept answer's path, in process: `contentApi.readScope` per caller (anonymous, a
// cached API token, a cached JWT), each header a fresh string as a request's is, asked with the client's connection
// (a keep-alive client's next request: the key remembered on it) and without one (the hash of every key). CPU ns per
// call, median of the rounds; no server, no socket, so a busy machine moves it far less than a req/s figure.
//
//   npm run build && node bench/read-scope-cost.mjs [--dist <folder with core/>] [--rounds 7] [--calls 200000]
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate } from './generate.mjs';

const args = Object.fromEntries(process.argv.slice(2)
  .reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const rounds = Number(args.rounds ?? 7);
const calls = Number(args.calls ?? 200_000);
const dist = resolve(args.dist ?? join(import.meta.dirname, '..', 'dist'));
const root = `/tmp/cms-bench-read-scope-${process.pid}`;
generate(50, root, 7);
const { createCms } = await import(join(dist, 'core/cms.js'));
// Each call is a request: a server marks each one (serve.ts), and the auth state file is looked at once per request
// (an fstat, state-file-watch.ts). A build without the mark (before it) calls a function that does nothing.
const { requestStarted = () => {} } = await import(join(dist, 'core/auth/state-file-watch.js'));
const env = { ...process.env, CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef' };
const cms = await createCms({ root, env, report: () => {} });
const token = (await cms.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
const user = await cms.auth.users.add({ username: 'bench', email: 'bench@example.org', password: 'bench password 123' });
const callers = { anonymous: undefined, 'API token': `Bearer ${token}`, JWT: `Bearer ${cms.auth.issueJwt(user)}` };
// A request's header is a new string each time (its hash not yet computed): 64 copies made from bytes, used in turn.
const fresh = (header) => Array.from({ length: 64 }, () => (header === undefined ? undefined : Buffer.from(header).toString('latin1')));
const samples = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, header] of Object.entries(callers)) {
    for (const connection of [{}, undefined]) {
      const label = `${name}, ${connection ? 'same connection' : 'no connection'}`;
      const headers = fresh(header);
      cms.contentApi.readScope(headers[0], connection); // verified once (cached from then on), outside the timing
      const before = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        requestStarted();
        cms.contentApi.readScope(headers[i & 63], connection);
      }
      const cpu = process.cpuUsage(before);
      (samples[label] ??= []).push(((cpu.user + cpu.system) * 1000) / calls);
    }
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.table(Object.entries(samples).map(([caller, values]) => ({ caller, 'ns per read': Math.round(median(values)) })));
await cms.close();
rmSync(root, { recursive: true, force: true });
