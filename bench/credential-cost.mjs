// What a credential costs the server, in CPU time per request, robust to a busy machine: the server
// runs in a child process and reports its own CPU time (process.cpuUsage) and the requests it
// answered; autocannon loads it in short rounds, callers interleaved, and the median is kept.
// Beside it, a bare node:http server in the same child answers the same body: bare µs / ours µs is
// the share of the limit the server would reach where it, not the machine, is the bottleneck. The
// bare server is also sent each caller's headers: what a longer request costs any server to parse.
// A second bare server answers the same bytes, status and headers included ('same bytes'): Node's
// cost of writing Strapi's response headers, which any server answering them pays.
//
//   npm run build && node bench/credential-cost.mjs [--dist <folder with core/>] [--rounds 5] [--seconds 2]
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { generate } from './generate.mjs';

const args = Object.fromEntries(process.argv.slice(2)
  .reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []));
const dist = resolve(args.dist ?? join(import.meta.dirname, '..', 'dist'));
const rounds = Number(args.rounds ?? 5);
const seconds = Number(args.seconds ?? 2);

if (process.env.CREDENTIAL_COST_CHILD) {
  // The server side: our handler and the bare limit, each counting what it answers.
  const { createServer } = await import('node:http');
  const { createCms } = await import(join(dist, 'core/cms.js'));
  const { createNodeHandler } = await import(join(dist, 'core/http/serve.js'));
  const root = process.env.CREDENTIAL_COST_ROOT;
  const env = {
    ...process.env,
    CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef',
  };
  const cms = await createCms({ root, env, report: () => {} });
  for (const token of cms.auth.tokens.list()) await cms.auth.tokens.revoke(token.name);
  const tokenKey = (await cms.auth.tokens.create({ name: 'bench', type: 'read-only' })).accessKey;
  const user = cms.auth.users.byIdentifier('bench')
    ?? await cms.auth.users.add({ username: 'bench', email: 'bench@example.org', password: 'bench password 123' });
  const counts = { ours: 0, bare: 0, same: 0 };
  const handler = createNodeHandler(cms);
  const ours = createServer((req, res) => { counts.ours++; return handler(req, res); });
  let bytes = Buffer.alloc(0);
  const bare = createServer((_req, res) => {
    counts.bare++;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  // The same response bytes as ours, headers included (Strapi's dozen headers cost Node's http the same in any server).
  let same = { status: 200, raw: [], body: Buffer.alloc(0) };
  const sameBytes = createServer((_req, res) => {
    counts.same++;
    res.writeHead(same.status, same.raw);
    res.end(same.body);
  });
  await Promise.all([ours, bare, sameBytes].map((server) => new Promise((ok) => server.listen(0, '127.0.0.1', ok))));
  const someId = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })[3].documentId;
  // The parent gone (finished or stopped), this server goes too.
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    if (message.type === 'bytes') {
      const [path, search = ''] = message.path.split('?');
      const response = await cms.contentApi({ method: 'GET', path: path.slice(4), search });
      bytes = Buffer.from(JSON.stringify(response.body));
      const answer = await fetch(`http://127.0.0.1:${ours.address().port}${message.path}`);
      const hop = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
      same = { status: answer.status, raw: [...answer.headers].filter(([name]) => !hop.has(name)).flat(),
        body: Buffer.from(await answer.arrayBuffer()) };
      counts.ours++;
      process.send({ type: 'bytes' });
    } else if (message.type === 'sample') {
      process.send({ type: 'sample', cpu: process.cpuUsage(), counts: { ...counts } });
    } else if (message.type === 'stop') {
      process.exit(0);
    }
  });
  process.send({
    type: 'ready', ours: ours.address().port, bare: bare.address().port, same: sameBytes.address().port, token: tokenKey,
    jwt: cms.auth.issueJwt(user), someId,
  });
} else {
  const root = '/tmp/cms-bench-credential-cost';
  generate(1000, root, 7);
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.permissions.authenticated = config.permissions.public;
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config, null, 2));
  const env = { ...process.env, CREDENTIAL_COST_CHILD: '1', CREDENTIAL_COST_ROOT: root };
  const child = fork(import.meta.filename, process.argv.slice(2), { execArgv: [], env });
  child.on('exit', (code) => { if (code) console.error(`server child exited with ${code}`); });
  const replies = [];
  const waiting = [];
  child.on('message', (message) => (waiting.length ? waiting.shift()(message) : replies.push(message)));
  const next = () => new Promise((ok) => (replies.length ? ok(replies.shift()) : waiting.push(ok)));
  const ready = await next();
  const ask = async (message) => { child.send(message); return next(); };
  const callers = [
    ['anonymous', {}], ['API token', { authorization: `Bearer ${ready.token}` }], ['JWT', { authorization: `Bearer ${ready.jwt}` }],
  ];
  const scenarios = [
    ['default list', '/api/articles'],
    ['populate=*', '/api/articles?populate=*'],
    ['filter+sort+page',
      '/api/articles?filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&pagination[page]=2&pagination[pageSize]=10'],
    ['findOne 2-level populate', `/api/articles/${ready.someId}?populate[author][populate][0]=avatar&populate[seo][populate]=*`],
  ];
  /** Server CPU µs per answered request over one autocannon round. */
  async function cost(port, which, path, headers) {
    const before = await ask({ type: 'sample' });
    const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 10, duration: seconds, headers });
    const after = await ask({ type: 'sample' });
    const cpu = (after.cpu.user - before.cpu.user) + (after.cpu.system - before.cpu.system);
    if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return cpu / (after.counts[which] - before.counts[which]);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [];
  for (const [scenario, path] of scenarios) {
    await ask({ type: 'bytes', path });
    // Per caller: ours, and the bare server sent the same headers (parsing a 270-byte Authorization costs both sides).
    const samples = Object.fromEntries(callers.map(([name]) => [name, { ours: [], bare: [], same: [] }]));
    // One round not kept: the first requests of each path compile code and fill the caches.
    for (const [, headers] of callers) await cost(ready.ours, 'ours', path, headers);
    await cost(ready.bare, 'bare', path, {});
    for (let round = 0; round < rounds; round++) {
      // Rotated so that no caller always runs first or last.
      for (let i = 0; i < callers.length; i++) {
        const [name, headers] = callers[(i + round) % callers.length];
        samples[name].bare.push(await cost(ready.bare, 'bare', path, headers));
        samples[name].same.push(await cost(ready.same, 'same', path, headers));
        samples[name].ours.push(await cost(ready.ours, 'ours', path, headers));
      }
    }
    const bare = median(samples.anonymous.bare);
    const anonymous = median(samples.anonymous.ours);
    for (const [name] of callers) {
      const us = median(samples[name].ours);
      const same = median(samples[name].bare);
      const sameBytes = median(samples[name].same);
      rows.push({
        scenario, caller: name, 'bare µs/req': +bare.toFixed(1), 'ours µs/req': +us.toFixed(1), 'bare/ours': +(bare / us).toFixed(2),
        'same bytes µs/req': +sameBytes.toFixed(1), 'same bytes/ours': +(sameBytes / us).toFixed(2),
        'vs anonymous': +(anonymous / us).toFixed(2), 'extra µs vs anonymous': +(us - anonymous).toFixed(1),
        'bare, same headers µs': +same.toFixed(1), 'of which parsing the header': +(same - bare).toFixed(1),
      });
    }
  }
  child.send({ type: 'stop' });
  console.log(`\n## Server CPU per request (median of ${rounds} rounds of ${seconds} s, 10 connections, ${dist})`);
  console.table(rows);
}
