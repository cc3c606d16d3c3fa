// `npm run bench -- --strapi`: the real Strapi 5.54 (../shared/strapi-reference/) in the table.
// Both servers start empty with the same schemas and are seeded with the same REST requests; then
// the read rows (anonymous, a full-access API token, a users-permissions JWT), the GraphQL rows and the write rows run
// against Strapi, this server and the bare node:http limit answering this server's bytes (its headers included); then
// the same reads on a branch (`Cms-Branch`, branch-rows.mjs), which Strapi has no equivalent of. Each read row
// interleaves the limit and this server in short rounds, loaded from a process of its own (load-process.mjs), and
// gives the median ratio, the rounds' range and the ratio of CPU time per request; Strapi runs one round. Each write
// row warms each server up with the same load, then runs Strapi's and ours in turn, --write-rounds rounds each (five by
// default; the median round is each one's figure), by wrk where it is installed (strapi-write-rows.mjs).
// Strapi runs on its own port (STRAPI_BENCH_PORT, 1340) in its own folder (STRAPI_BENCH_DIR,
// ~/.cache/strapi-ref-bench: config copied, node_modules linked to the shared install), so it never
// stops or rewrites a reference someone else started. One under /tmp/cms-bench-sites gets a block group of its own, as
// this server's site does (spread-folder.mjs): its SQLite journal then never searches past what the bench removed.
// Without --strapi, or without the kit, its column says `not run`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { branchRows } from './branch-rows.mjs';
import { random } from './generate.mjs';
import { interleaved, startLoad } from './load-process.mjs';
import { mcpRows } from './mcp-rows.mjs';
import { settle, settleSummary } from './settle.mjs';
import { cpuPlacement, placeServer, unplace } from './cpu-placement.mjs';
import { answerOf, sameAnswerServer } from './same-answer.mjs';
import { ourJwt, strapiJwt } from './strapi-jwt.mjs';
import { siteFolder } from './spread-folder.mjs';
import { checkRounds, strapiWriteRows } from './strapi-write-rows.mjs';
import { wrkInstalled } from './wrk-load.mjs';

const REPO = resolve(import.meta.dirname, '..');
const REF = process.env.STRAPI_REF ?? join(REPO, '..', 'shared', 'strapi-reference', 'strapi-ref');
const INSTALLED = join(homedir(), '.cache', 'strapi-reference');
const PORT = process.env.STRAPI_BENCH_PORT ?? '1340';
const REF_DIR = process.env.STRAPI_BENCH_DIR ?? join(homedir(), '.cache', 'strapi-ref-bench');
const ARTICLE = 'api::article.article';
const READ = ['find', 'findOne'];
export const ENV = {
  CMS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789', CMS_API_TOKEN_SALT: 'bench-salt-0123456789abcdef0123456789abcdef',
};

export const strapiInstalled = () => existsSync(REF) && existsSync(join(INSTALLED, 'node_modules', '@strapi', 'strapi'));

/** A reference folder of our own (config and bootstrap copied, node_modules linked). */
function ensureRefDir() {
  if (existsSync(join(REF_DIR, 'node_modules', '@strapi', 'strapi'))) return;
  mkdirSync(join(REF_DIR, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(INSTALLED, file), join(REF_DIR, file));
  rmSync(join(REF_DIR, 'config'), { recursive: true, force: true });
  cpSync(join(INSTALLED, 'config'), join(REF_DIR, 'config'), { recursive: true });
  cpSync(join(INSTALLED, 'src', 'index.js'), join(REF_DIR, 'src', 'index.js'));
  if (!existsSync(join(REF_DIR, 'node_modules'))) symlinkSync(join(INSTALLED, 'node_modules'), join(REF_DIR, 'node_modules'));
}

/** An empty project with the sample schemas; the Public role may read everything and create and update articles. */
export function emptyProject(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'content'), { recursive: true });
  cpSync(join(REPO, 'schemas'), join(dir, 'schemas'), { recursive: true });
  const pub = {
    [ARTICLE]: [...READ, 'create', 'update'], 'api::author.author': READ, 'api::category.category': READ, 'api::tag.tag': READ,
  };
  writeFileSync(join(dir, 'cms.config.json'),
    JSON.stringify({
      locales: ['en', 'fr'], defaultLocale: 'en', permissions: { public: pub, authenticated: pub },
      graphql: { enabled: true }, mcp: { enabled: true },
    }, null, 2));
  return dir;
}

/**
 * The seed, as REST requests: categories, tags and authors, then articles linking them (with a
 * component and a dynamic zone). `ref` names an earlier answer's documentId, so each server links
 * its own ids.
 */
export function seedRequests(articles) {
  const rand = random(15);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const WORDS = ['coffee', 'pizza', 'beautiful', 'sunset', 'mountain', 'Rome', 'Tokyo', 'garden', 'ocean', 'bread', 'night', 'river'];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const requests = [];
  const add = (path, key, data) => requests.push({ path, key, data });
  for (let i = 0; i < 10; i++) {
    add('/api/categories', `category${i}`, { name: `Category ${i}`, slug: `category-${i}`, description: words(8) });
  }
  for (let i = 0; i < 30; i++) add('/api/tags', `tag${i}`, { name: `Tag ${i}`, slug: `tag-${i}` });
  for (let i = 0; i < 20; i++) add('/api/authors', `author${i}`, { name: `Author ${i}`, email: `author${i}@example.org`, bio: words(20) });
  for (let i = 0; i < articles; i++) {
    const title = `${words(3)} ${i}`;
    add('/api/articles', `article${i}`, {
      title, description: words(6).slice(0, 80), slug: `article-${i}`, views: Math.floor(rand() * 1000),
      author: { ref: `author${Math.floor(rand() * 20)}` }, category: { ref: `category${Math.floor(rand() * 10)}` },
      tags: [...new Set([0, 1].map(() => `tag${Math.floor(rand() * 30)}`))].map((ref) => ({ ref })),
      seo: { metaTitle: title.slice(0, 60), metaDescription: words(10) },
      blocks: [{ __component: 'shared.quote', title: words(2), body: words(12) }],
    });
  }
  return requests;
}

/** Send the seed to a server; resolves to the documentId of each seeded entry by key. */
export async function seed(base, token, requests) {
  const ids = new Map();
  const resolveRefs = (value) => (Array.isArray(value) ? value.map(resolveRefs)
    : value && typeof value === 'object'
      ? (value.ref ? ids.get(value.ref) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v)])))
      : value);
  for (const { path, key, data } of requests) {
    const response = await fetch(base + path, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: resolveRefs(data) }),
    });
    const text = await response.text();
    if (response.status !== 201 && response.status !== 200) {
      throw new Error(`seed ${path} (${base}) answered ${response.status}: ${text.slice(0, 300)}`);
    }
    ids.set(key, JSON.parse(text).data.documentId);
  }
  return ids;
}

export const readScenarios = (ids) => [
  ['default list', '/api/articles'],
  ['populate=*', '/api/articles?populate=*'],
  ['filter+sort+page',
    '/api/articles?filters[views][$gt]=100&filters[title][$containsi]=coffee&sort=views:desc&pagination[page]=2&pagination[pageSize]=10'],
  ['findOne 2-level populate', `/api/articles/${ids.get('article3')}?populate[author][populate][0]=avatar&populate[seo][populate]=*`],
];

/** The same reads over GraphQL (`POST /graphql`, as Apollo and urql send them): a list with relations, one document. */
export const graphqlScenarios = (ids) => [
  ['GraphQL list + relations', { query: '{ articles(sort: "views:desc", pagination: { pageSize: 25 }) '
    + '{ documentId title views author { name } category { name } tags { name } } }' }],
  ['GraphQL one document', { query: 'query ($id: ID!) { article(documentId: $id) { documentId title description author { name email } '
    + 'seo { metaTitle } } }', variables: { id: ids.get('article3') } }],
];

/** A GraphQL answer counts only as a 200 without errors (a row of errors would measure nothing). */
const graphqlOk = ({ status, body }) => status === 200 && !JSON.parse(body).errors;

/** The GraphQL rows: each scenario and caller against Strapi, this server and the limit answering this server's bytes. */
async function graphqlRows({ ourBase, ourIds, strapi, strapiIds, listen, row, callers, measure, strapiRun, wanted }) {
  const post = (body, headers) => ({
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const theirScenarios = strapiIds && graphqlScenarios(strapiIds);
  const one = (request) => [{ ...request, path: '/graphql' }];
  for (const [at, [scenario, body]] of graphqlScenarios(ourIds).entries()) {
    if (!wanted(scenario)) continue;
    for (const [caller, ourHeaders, theirHeaders] of callers) {
      const answer = await answerOf(`${ourBase}/graphql`, post(body, ourHeaders), graphqlOk);
      const theirPost = strapi && post(theirScenarios[at][1], theirHeaders);
      if (strapi) await answerOf(`${strapi.base}/graphql`, theirPost, graphqlOk);
      const bare = await sameAnswerServer(listen, answer);
      const mine = await measure(
        { url: `http://127.0.0.1:${bare.address().port}`, requests: one(post(body, ourHeaders)) },
        { url: ourBase, requests: one(post(body, ourHeaders)) },
      );
      bare.close();
      const theirs = strapi && await strapiRun({ url: strapi.base, requests: one(theirPost) });
      row(scenario, caller, mine, theirs);
    }
  }
}

export function startStrapi(project) {
  ensureRefDir();
  const out = execFileSync(REF, ['start', project, PORT],
    { env: { ...process.env, STRAPI_REF_DIR: REF_DIR }, encoding: 'utf8' }).trim().split('\n').at(-1);
  const [base, token] = out.split(' ');
  return {
    base, token,
    stop: () => execFileSync(REF, ['stop'], { env: { ...process.env, STRAPI_REF_DIR: REF_DIR }, stdio: ['ignore', 'ignore', 'inherit'] }),
  };
}

/**
 * A table row: `m` this server beside the limit (interleaved rounds for reads; for writes, our median round beside the
 * limit's one run), `theirs` Strapi's run (for a write row, its median round). A write row's `ours µs/req` is our CPU over
 * all its rounds per request, its errors the sum over the rounds, `m.strapiRounds` the lowest and highest ratio of ours
 * to Strapi's in one round.
 */
function tableRow(scenario, caller, m, theirs) {
  // No Strapi run: not asked for or not installed (undefined), or (false) a read Strapi has no equivalent of.
  const absent = theirs === false ? 'no such read' : 'not run';
  const two = (value) => +value.toFixed(2);
  return {
    scenario, caller, 'limit req/s': m.limitRps, 'Strapi req/s': theirs ? theirs.rps : absent, 'ours req/s': m.oursRps,
    'ours/limit': two(m.ratio), rounds: m.low === m.high ? '-' : `${two(m.low)}–${two(m.high)}`,
    'CPU limit/ours': m.cpuRatio === undefined ? '-' : two(m.cpuRatio), 'ours µs/req': m.usOurs === undefined ? '-' : +m.usOurs.toFixed(1),
    'ours/Strapi': theirs ? +(m.oursRps / Math.max(theirs.rps, 1)).toFixed(1) : absent,
    'Strapi p50 ms': theirs ? theirs.p50 : '-', 'ours p50 ms': m.p50, errors: `${theirs ? theirs.errors : '-'} / ${m.errors}`,
    'ours/Strapi by round': m.strapiRounds ? m.strapiRounds.map((ratio) => ratio.toFixed(1)).join('–') : '-',
  };
}

/**
 * The Strapi table: rows of req/s for Strapi, this server and the limit, with ours/limit and ours/Strapi. `articles`
 * seeded articles (default 200), 10 connections; each read row `rounds` interleaved rounds of `seconds` s (Strapi one
 * run of at least 2 s), each write row `writeRounds` rounds of `duration` s, Strapi's and ours interleaved, after
 * `warmUp` s of the same load on each (the median round of each server is its figure). Strapi runs only `withStrapi`
 * (`--strapi`) and when its kit is installed.
 * `rows` (`--rows graphql,branch`) keeps only the rows whose scenario names contain one of the words (case aside).
 */
export async function benchStrapi({
  createCms, createNodeHandler, listen, duration, warmUp = 0, writeRounds = 5, withStrapi = false, rounds = 7, seconds = 1, articles = 200, connections = 10,
  rows: only,
}) {
  checkRounds(writeRounds);
  const words = only ? only.toLowerCase().split(',') : [];
  const wanted = (scenario) => !words.length || words.some((word) => scenario.toLowerCase().includes(word));
  const installed = withStrapi && strapiInstalled();
  // BENCH_WRITE_LOAD=autocannon keeps autocannon for the write rows where wrk is installed (to compare the two).
  const writeLoad = process.env.BENCH_WRITE_LOAD !== 'autocannon' && wrkInstalled() ? 'wrk' : 'autocannon';
  const requests = seedRequests(articles);
  // A folder per run: two benches at once (helpers measuring side by side) never share or delete each other's site.
  const ourRoot = emptyProject(siteFolder(`cms-bench-strapi-ours-${process.pid}`));
  const ours = await createCms({ root: ourRoot, env: { ...process.env, ...ENV }, report: () => {} });
  const ourToken = (await ours.auth.tokens.create({ name: 'bench', type: 'full-access' })).accessKey;
  // Answers still being made when the load stops (a write whose client hung up still waits for its fsync): the site is
  // removed only after them, so no write of the run meets a folder already gone.
  const unfinished = new Set();
  const handle = createNodeHandler(ours);
  const server = await listen((req, res) => {
    const answer = handle(req, res);
    if (answer instanceof Promise) {
      unfinished.add(answer);
      answer.finally(() => unfinished.delete(answer)).catch(() => {});
    }
    return answer;
  });
  const ourBase = `http://127.0.0.1:${server.address().port}`;
  const placement = cpuPlacement();
  const load = startLoad({ placement });
  let strapi;
  let branchCopy;
  try {
    const ourIds = await seed(ourBase, ourToken, requests);
    const ourUserJwt = await ourJwt(ours, ourBase);
    let strapiIds;
    let strapiUserJwt;
    if (installed) {
      console.error('starting Strapi 5.54 (its own folder, port ' + PORT + ') and seeding it…');
      strapi = startStrapi(emptyProject('/tmp/cms-bench-strapi-project'));
      strapiIds = await seed(strapi.base, strapi.token, requests);
      const reads = Object.fromEntries([ARTICLE, 'api::author.author', 'api::category.category', 'api::tag.tag'].map((uid) => [uid, READ]));
      strapiUserJwt = await strapiJwt(strapi.base, reads);
    }
    const rows = [];
    const row = (...args) => rows.push(tableRow(...args));
    // Each read row, and Strapi's run of it, after the machine settled (settle.mjs): Strapi's tail ran into the next row.
    // With BENCH_PIN=1, our server placed anew before each run (cpu-placement.mjs: its event loop on a core of its own).
    const place = () => placeServer(placement, process.pid);
    const measure = async (limit, mine) => { place(); await settle(); return interleaved(load, { limit, ours: mine, rounds, seconds, connections }); };
    // Strapi's one run per read row lasts 2 s at least: at 25–200 answers a second, a shorter one counts a few dozen.
    const strapiRun = async (target) => { place(); await settle(); return load.run({ ...target, connections, duration: Math.max(seconds, 2) }); };
    const callers = [
      ['anonymous', {}, {}],
      ['API token', { authorization: `Bearer ${ourToken}` }, { authorization: `Bearer ${strapi?.token}` }],
      ['JWT', { authorization: `Bearer ${ourUserJwt}` }, { authorization: `Bearer ${strapiUserJwt}` }],
    ];
    const ourReads = readScenarios(ourIds);
    const strapiReads = strapiIds && readScenarios(strapiIds);
    for (const [at, [scenario, path]] of ourReads.entries()) {
      if (!wanted(scenario)) continue;
      for (const [caller, ourHeaders, theirHeaders] of callers) {
        // The limit answers this caller's bytes, headers included (a token's answer is not a public one's), to this
        // caller's very request (its Authorization too, as the GraphQL rows send it): what any server must read is not ours.
        const bare = await sameAnswerServer(listen, await answerOf(ourBase + path, { headers: ourHeaders }));
        const limit = { url: `http://127.0.0.1:${bare.address().port}${path}`, headers: ourHeaders };
        const mine = await measure(limit, { url: ourBase + path, headers: ourHeaders });
        bare.close();
        const theirs = strapi && await strapiRun({ url: strapi.base + strapiReads[at][1], headers: theirHeaders });
        row(scenario, caller, mine, theirs);
      }
    }
    await graphqlRows({ ourBase, ourIds, strapi, strapiIds, listen, row, callers, measure, strapiRun, wanted });
    await mcpRows({ ourBase, ourIds, ourToken, strapi, strapiIds, listen, row, measure, strapiRun, wanted });
    const articleIds = (ids) => [...ids].filter(([key]) => key.startsWith('article')).map(([, id]) => id);
    branchCopy = await branchRows({
      createCms, createNodeHandler, listen, row, from: ours.root, env: { ...process.env, ...ENV }, scenarios: ourReads,
      callers, articleIds: articleIds(ourIds), measure, wanted,
    });
    await strapiWriteRows({
      listen, load, writeLoad, ourBase, ourIds: articleIds(ourIds), strapi, strapiIds: strapiIds && articleIds(strapiIds), row, wanted,
      connections, duration, warmUp, writeRounds, placement, place,
    });
    return {
      rows, seeded: requests.length, writeLoad, settled: settleSummary(), placement, strapi: installed ? '5.54.0' : withStrapi ? 'not installed' : 'not asked for: --strapi',
    };
  } finally {
    load.close();
    server.close();
    await Promise.allSettled(unfinished);
    await ours.close();
    for (const folder of [ourRoot, branchCopy]) if (folder) rmSync(folder, { recursive: true, force: true, maxRetries: 10 });
    if (strapi) try { strapi.stop(); } catch (error) { console.error(`strapi-ref stop: ${error.message}`); }
    unplace(placement, process.pid);
  }
}
