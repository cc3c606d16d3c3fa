#!/usr/bin/env node
// npm run import:strapi — `cms import` against the real Strapi 5.54 (../shared/strapi-reference/).
//
// 1. Starts the reference on the conformance fixture (every attribute and relation kind, D&P, i18n,
//    components, dynamic zones, single types, media), on port 1339, in its own STRAPI_REF_DIR.
// 2. Seeds it through REST: the conformance seed, then more of what a real site holds (a photo
//    with formats, drafts that differ from their published version in fields, relations, components
//    and dynamic zones, per-locale drafts, and more than a page of documents).
// 3. Runs the real CLI, `node dist/cli/bin.js import --from <strapi> --token <T> --schemas …`, into
//    an empty project holding only the fixture's cms.config.json.
// 4. Serves that project (core/http/serve.js, port 0) and sends the same GETs to both: every type,
//    locale and status, lists (every page) and each document, no populate, `populate=*` and a deep
//    populate, the media library, locales, and every upload binary. Compares status, content type
//    and body after normalising numeric ids (only which rows share an id counts) and the random
//    `_<10 hex>` suffix of upload names. Nothing else: documentIds and timestamps are imported.
// 5. Runs the import again and checks every file under content/ and public/ is byte-identical and
//    untouched.
// Prints `N compared, M differ` and the first differences; exits 1 on any difference.
//   --keep            leave the imported project in place (its path is printed)
//   --show N          print the first N differences (default 15)
//   --no-stop         leave the seeded Strapi running (BASE and TOKEN printed) to explore by hand
//   --base URL --token KEY   use a Strapi already running and seeded by this script (no start/seed/stop)
// Env: STRAPI_REF (the strapi-ref script), STRAPI_REF_PORT (1339), STRAPI_REF_DIR
// (~/.cache/strapi-ref-import: its own copy of the reference project, node_modules linked to the
// installed reference in ~/.cache/strapi-reference, so it never stops someone else's Strapi).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import qs from 'qs';
import { createCms } from '../dist/core/cms.js';
import { serve } from '../dist/core/http/serve.js';
import { differences, normalize, read, snapshot } from './import-compare.mjs';
import { seedStrapi } from './import-seed.mjs';

const REPO = resolve(import.meta.dirname, '..');
const CONFORMANCE = join(REPO, 'test', 'conformance');
const hasFixture = existsSync(join(CONFORMANCE, 'fixture', 'schemas'));
const SOURCE = hasFixture ? join(CONFORMANCE, 'fixture') : REPO;
const REF = process.env.STRAPI_REF ?? join(REPO, '..', 'shared', 'strapi-reference', 'strapi-ref');
const PORT = process.env.STRAPI_REF_PORT ?? '1339';
const REF_DIR = process.env.STRAPI_REF_DIR ?? join(homedir(), '.cache', 'strapi-ref-import');
const INSTALLED = join(homedir(), '.cache', 'strapi-reference');
const ENV = {
  CMS_JWT_SECRET: 'import-check-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'import-check-salt-0123456789abcdef0123456789abcdef',
};
const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };
const keep = process.argv.includes('--keep');
const noStop = process.argv.includes('--no-stop');
const show = Number(arg('--show') ?? 15);
const log = (message) => process.stderr.write(`${message}\n`);

/** A reference project of our own (config and bootstrap copied, node_modules linked), so `strapi-ref start` stops only our Strapi. */
function ensureRefDir() {
  if (existsSync(join(REF_DIR, 'node_modules', '@strapi', 'strapi'))) return;
  const project = join(REF, '..', 'project');
  if (!existsSync(join(INSTALLED, 'node_modules', '@strapi', 'strapi'))) {
    throw new Error(`the reference is not installed: run ${REF} install`);
  }
  mkdirSync(join(REF_DIR, 'src'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(project, file), join(REF_DIR, file));
  rmSync(join(REF_DIR, 'config'), { recursive: true, force: true });
  cpSync(join(project, 'config'), join(REF_DIR, 'config'), { recursive: true });
  cpSync(join(project, 'src', 'index.js'), join(REF_DIR, 'src', 'index.js'));
  if (!existsSync(join(REF_DIR, 'node_modules'))) symlinkSync(join(INSTALLED, 'node_modules'), join(REF_DIR, 'node_modules'));
}
const refEnv = { ...process.env, STRAPI_REF_DIR: REF_DIR };

// ---------------------------------------------------------------------------------------------
// The GETs

/** Every relation, media, component and dynamic zone, relations one level further with `*`. */
function deepPopulate(schemas, attributes) {
  const tree = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type === 'relation') tree[name] = { populate: '*' };
    else if (attribute.type === 'media') tree[name] = true;
    else if (attribute.type === 'component') tree[name] = nested(schemas, attribute.component);
    else if (attribute.type === 'dynamiczone') {
      tree[name] = { on: Object.fromEntries(attribute.components.map((uid) => [uid, nested(schemas, uid)])) };
    }
  }
  return tree;
}
function nested(schemas, uid) {
  const inner = deepPopulate(schemas, schemas.components.get(uid)?.attributes ?? {});
  return Object.keys(inner).length ? { populate: inner } : true;
}

/** schemas/api/<api>/content-types/<name>/schema.json and schemas/components/<cat>/<name>.json. */
function readSchemas(root) {
  const types = [];
  const components = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        const schema = JSON.parse(readFileSync(path, 'utf8'));
        const parts = relative(join(root, 'schemas'), path).split(/[\\/]/);
        if (parts[0] === 'components') components.set(`${parts[1]}.${parts[2].replace(/\.json$/, '')}`, schema);
        else if (schema.kind) types.push(schema);
      }
    }
  };
  walk(join(root, 'schemas'));
  return { types: types.sort((a, b) => a.info.pluralName.localeCompare(b.info.pluralName)), components };
}

const localized = (schema) => schema.pluginOptions?.i18n?.localized === true;
const draftAndPublish = (schema) => schema.options?.draftAndPublish !== false;

/** The GET paths, built from what Strapi answers (list pages, documentIds), asked of both servers. */
async function planRequests(strapiGet, schemas, locales) {
  const requests = [];
  const add = (path, auth = 'token') => requests.push({ path, auth });
  const search = (query) => { const text = qs.stringify(query, { encodeValuesOnly: true }); return text ? `?${text}` : ''; };
  add('/api/i18n/locales');
  for (const schema of schemas.types) {
    const deep = deepPopulate(schemas, schema.attributes);
    const populates = [undefined, '*', deep];
    const localeList = localized(schema) ? locales : [undefined];
    const statuses = draftAndPublish(schema) ? ['published', 'draft'] : [undefined];
    for (const locale of localeList) {
      for (const status of statuses) {
        const base = { ...(locale ? { locale } : {}), ...(status ? { status } : {}) };
        if (schema.kind === 'singleType') {
          for (const populate of populates) add(`/api/${schema.info.singularName}${search({ ...base, populate })}`);
          continue;
        }
        const plural = `/api/${schema.info.pluralName}`;
        add(`${plural}${search(base)}`); // Strapi's default page of 25
        const first = await strapiGet(`${plural}${search({ ...base, pagination: { pageSize: 100 } })}`);
        const pageCount = first.body?.meta?.pagination?.pageCount ?? 1;
        const ids = new Set();
        for (let page = 1; page <= Math.max(pageCount, 1); page++) {
          for (const populate of populates) add(`${plural}${search({ ...base, populate, pagination: { page, pageSize: 100 } })}`);
          const body = page === 1 ? first.body
            : (await strapiGet(`${plural}${search({ ...base, pagination: { page, pageSize: 100 } })}`)).body;
          for (const entry of body?.data ?? []) ids.add(entry.documentId);
        }
        add(`${plural}${search({ ...base, sort: 'createdAt:desc', pagination: { pageSize: 100 } })}`);
        for (const documentId of ids) for (const populate of populates) add(`${plural}/${documentId}${search({ ...base, populate })}`);
      }
    }
    // As the Public role sees it (cms.config.json permissions, mirrored on both).
    add(schema.kind === 'singleType' ? `/api/${schema.info.singularName}` : `/api/${schema.info.pluralName}?populate=*`, 'public');
  }
  add('/api/upload/files');
  add('/api/upload/files?populate=*');
  add('/api/upload/files', 'public');
  return requests;
}

function runImport(base, token, root, extra = []) {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(REPO, 'dist', 'cli', 'bin.js'), 'import', '--from', base, '--token', token, '--root', root, '--json', ...extra],
      { env: { ...process.env, ...ENV, CMS_ROOT: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

// ---------------------------------------------------------------------------------------------

let base = arg('--base');
let token = arg('--token');
const owned = !base;
let target;
let listener;
let failed = false;
try {
  if (owned) {
    ensureRefDir();
    log(`starting Strapi 5.54 on ${relative(REPO, SOURCE) || '.'} (port ${PORT}, ${REF_DIR})`);
    const out = execFileSync(REF, ['start', SOURCE, PORT], { env: refEnv, encoding: 'utf8' }).trim().split('\n').at(-1);
    [base, token] = out.split(' ');
    const started = Date.now();
    const seeded = await seedStrapi(base, token, CONFORMANCE, hasFixture);
    log(`seeded Strapi with ${seeded} REST requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  // An empty project: the fixture's cms.config.json; `--schemas` copies the schemas in.
  target = mkdtempSync(join(tmpdir(), 'cms-import-strapi-'));
  cpSync(join(SOURCE, 'cms.config.json'), join(target, 'cms.config.json'));
  let started = Date.now();
  const first = await runImport(base, token, target, ['--schemas', join(SOURCE, 'schemas')]);
  if (first.code !== 0) throw new Error(`cms import exited ${first.code}:\n${first.stderr}`);
  const result = JSON.parse(first.stdout);
  const totalDocs = Object.values(result.documents).reduce((sum, n) => sum + n, 0);
  log(first.stderr.trimEnd().split('\n').map((line) => `  import: ${line}`).join('\n'));
  console.log(`import: ${totalDocs} documents, ${result.media} media entries, `
    + `${result.written.length} files written in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // This server on the imported project.
  const cms = await createCms({ root: target, env: ENV, report: (message) => log(`  cms: ${message}`) });
  const ours = (await cms.auth.tokens.create({ name: 'import-check', type: 'full-access' })).accessKey;
  listener = await serve(cms, { port: 0, host: '127.0.0.1', showURL: false });
  const ourBase = listener.url.replace(/\/$/, '');
  const get = async (server, key, path, auth) => read(await fetch(
    server + path, { headers: auth === 'public' ? {} : { authorization: `Bearer ${key}` }, redirect: 'manual' },
  ));
  const strapiGet = (path) => get(base, token, path, 'token');

  const schemas = readSchemas(SOURCE);
  const config = JSON.parse(readFileSync(join(SOURCE, 'cms.config.json'), 'utf8'));
  const requests = await planRequests(strapiGet, schemas, config.locales ?? ['en']);

  // Media: each file by its own server's id (matched by documentId), and every binary.
  const strapiFiles = (await strapiGet('/api/upload/files')).body;
  const ourFiles = (await get(ourBase, ours, '/api/upload/files', 'token')).body;
  const ourIds = new Map((Array.isArray(ourFiles) ? ourFiles : []).map((file) => [file.documentId, file.id]));
  const pairs = requests.map((request) => ({ ...request, ourPath: request.path }));
  for (const file of Array.isArray(strapiFiles) ? strapiFiles : []) {
    pairs.push({ path: `/api/upload/files/${file.id}`, ourPath: `/api/upload/files/${ourIds.get(file.documentId) ?? 'missing'}`,
      auth: 'token' });
    for (const url of [file.url, ...Object.values(file.formats ?? {}).map((format) => format.url)]) {
      if (typeof url === 'string' && url.startsWith('/')) pairs.push({ path: url, ourPath: url, auth: 'public' });
    }
  }

  started = Date.now();
  const found = [];
  const statuses = {};
  for (const pair of pairs) {
    const [theirs, mine] = await Promise.all([get(base, token, pair.path, pair.auth), get(ourBase, ours, pair.ourPath, pair.auth)]);
    statuses[theirs.status] = (statuses[theirs.status] ?? 0) + 1;
    const a = { status: theirs.status, type: theirs.type, body: normalize(theirs.body) };
    const b = { status: mine.status, type: mine.type, body: normalize(mine.body) };
    if (!isDeepStrictEqual(a, b)) found.push({ ...pair, diffs: differences(a, b) });
  }
  await listener.close();
  listener = undefined;
  console.log(`${pairs.length} compared, ${found.length} differ `
    + `(Strapi's statuses ${JSON.stringify(statuses)}; ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const { path, ourPath, auth, diffs } of found.slice(0, show)) {
    console.log(`  GET ${path}${ourPath !== path ? ` (ours ${ourPath})` : ''}${auth === 'public' ? ' [public]' : ''}`);
    for (const diff of diffs) {
      console.log(`      ${diff.path}: strapi ${JSON.stringify(diff.strapi)?.slice(0, 160)} `
        + `| ours ${JSON.stringify(diff.ours)?.slice(0, 160)}`);
    }
  }
  if (found.length > show) console.log(`  … and ${found.length - show} more (--show N)`);
  if (found.length) failed = true;

  // Idempotence: a second run leaves every file byte-identical and untouched.
  const before = snapshot(target);
  started = Date.now();
  const second = await runImport(base, token, target);
  if (second.code !== 0) throw new Error(`second cms import exited ${second.code}:\n${second.stderr}`);
  const after = snapshot(target);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => {
    const x = before.get(file);
    const y = after.get(file);
    return !x || !y || !x.bytes.equals(y.bytes) || x.mtime !== y.mtime;
  });
  const rewritten = JSON.parse(second.stdout).written;
  console.log(`second import: ${after.size} files, ${changed.length} changed, `
    + `${rewritten.length} written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const file of [...changed, ...rewritten].slice(0, show)) console.log(`  changed: ${file}`);
  if (changed.length || rewritten.length) failed = true;
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.stack : error);
} finally {
  await listener?.close();
  if (owned && noStop && base) console.log(`Strapi left running: ${base} ${token}  (stop: STRAPI_REF_DIR=${REF_DIR} ${REF} stop)`);
  else if (owned) {
    try {
      execFileSync(REF, ['stop'], { env: refEnv, stdio: ['ignore', 'ignore', 'inherit'] });
    } catch (error) {
      console.error(`strapi-ref stop: ${error.message}`);
    }
  }
  if (target) { if (keep) console.log(`imported project kept at ${target}`); else rmSync(target, { recursive: true, force: true }); }
}
process.exitCode = failed ? 1 : 0;
