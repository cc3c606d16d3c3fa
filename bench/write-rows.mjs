// Write rows of `npm run bench`: sustained creates, updates spread over many documents, and the
// 9:1 read/write mix, against any server that speaks Strapi's REST API (this one, or Strapi itself).
import autocannon from 'autocannon';

let serial = 0;
const word = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const jsonHeaders = (headers) => ({ ...headers, 'content-type': 'application/json' });

/** Round-robin over `ids`, so writes spread over many documents instead of queueing on one. */
function rotating(ids) {
  let at = 0;
  return () => ids[at++ % ids.length];
}

/**
 * The autocannon request lists of the write rows. `ids` are documentIds of articles the caller may
 * update; `listPath` is the read of the mix.
 */
export function writeScenarios({ ids, listPath = '/api/articles?pagination[pageSize]=10', headers = {} }) {
  const nextId = rotating(ids);
  const update = (status) => ({
    method: 'PUT', headers: jsonHeaders(headers),
    setupRequest: (request) => ({ ...request, path: `/api/articles/${nextId()}${status ? `?status=${status}` : ''}`,
      body: JSON.stringify({ data: { description: `bench write ${word()}` } }) }),
  });
  return [
    ['creates', [{
      method: 'POST', path: '/api/articles', headers: jsonHeaders(headers),
      setupRequest: (request) => ({
        ...request, body: JSON.stringify({ data: { title: `bench ${word()}`, description: 'created by the bench', views: 1 } }),
      }),
    }]],
    ['updates (many documents)', [update()]],
    ['read/write mix 9:1 (many documents)',
      [...Array.from({ length: 9 }, () => ({ method: 'GET', path: listPath, headers })), update('draft')]],
  ];
}

/** One autocannon run: average req/s, latency and the number of failed requests; `rate`: at most that many req/s in all. */
export async function cannon(url, { connections, duration, requests, headers, rate }) {
  const result = await autocannon({ url, connections, duration, requests, headers, pipelining: 1, ...(rate ? { overallRate: rate } : {}) });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts };
}

/**
 * The `writes` section: each write row against this server on a fresh 1k-document site, beside the
 * bare `node:http` limit answering one document's bytes (reading the request body as a server must).
 */
export async function benchWrites({ createCms, createNodeHandler, generate, listen, duration, connectionCounts = [10, 100] }) {
  const root = '/tmp/cms-bench-writes';
  generate(1000, root, 7);
  const { readFileSync, writeFileSync } = await import('node:fs');
  const config = JSON.parse(readFileSync(`${root}/cms.config.json`, 'utf8'));
  config.permissions.public['api::article.article'] = ['find', 'findOne', 'create', 'update'];
  writeFileSync(`${root}/cms.config.json`, JSON.stringify(config));
  const cms = await createCms({ root, report: () => {} });
  const ids = cms.index.scopedRows('api::article.article', { status: 'published', locale: 'en' })
    .slice(0, 500).map((row) => row.documentId);
  const one = Buffer.from(JSON.stringify((await cms.contentApi({ method: 'GET', path: `/articles/${ids[0]}`, search: '' })).body));
  const bare = await listen((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': one.length });
      res.end(one);
    });
  });
  const ours = await listen(createNodeHandler(cms));
  const at = (server) => `http://127.0.0.1:${server.address().port}`;
  const rows = [];
  for (const [scenario, requests] of writeScenarios({ ids })) {
    for (const connections of connectionCounts) {
      const limit = await cannon(at(bare), { connections, duration, requests });
      const result = await cannon(at(ours), { connections, duration, requests });
      rows.push({ scenario, connections, 'limit req/s': limit.rps, 'ours req/s': result.rps, ratio: +(result.rps / limit.rps).toFixed(2),
        'ours p50 ms': result.p50, 'ours p99 ms': result.p99, errors: result.errors });
    }
  }
  bare.close(); ours.close();
  return rows;
}
