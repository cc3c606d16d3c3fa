import { execFile, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite, REPO_ROOT } from '../helpers/project.js';
import { startServe } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';

const run = promisify(execFile);
const TOKEN = 'openapi-client-token-0123456789abcdef0123456789';
const ENV = { ...process.env, CMS_API_TOKEN: TOKEN, CMS_JWT_SECRET: 'openapi-client-jwt-secret-0123456789abcdef',
  CMS_API_TOKEN_SALT: 'openapi-client-salt' };
const FIXTURES = join(REPO_ROOT, 'test/codegen/openapi-client');
const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);

let server: ChildProcess;
let base: string;
let dir: string;
let compile: { code: number; output: string };

beforeAll(async () => {
  ensureBuilt();
  ({ base, child: server } = await startServe(BIN, ['--root', copySampleSite(), '--no-watch'], { env: ENV }));
  // A client project: the document from the running server, types from openapi-typescript, two files for tsc --strict.
  dir = mkdtempSync(join(tmpdir(), 'cms-openapi-client-'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'openapi.json'), await (await fetch(`${base}/openapi.json`)).text());
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  for (const file of ['client.ts', 'wrong.ts']) copyFileSync(join(FIXTURES, file), join(dir, file));
  await run(bin('openapi-typescript'), ['openapi.json', '-o', 'schema.d.ts'], { cwd: dir });
  const tsc = await run(bin('tsc'), ['--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext',
    '--skipLibCheck', '--types', 'node',
    '--outDir', 'out', 'client.ts', 'wrong.ts'], { cwd: dir })
    .then(() => ({ code: 0, stdout: '' }), (error: { code: number; stdout: string }) => error);
  compile = { code: tsc.code, output: tsc.stdout };
}, 120_000);

afterAll(async () => { await stopChild(server); });

describe('a client generated with openapi-typescript + openapi-fetch from /openapi.json', () => {
  it('compiles a list with filters, populate, sort, fields and pagination, a create and error handling under --strict, with no cast', () => {
    const errors = compile.output.split('\n').filter((line) => /error TS/.test(line));
    expect(errors.filter((line) => line.startsWith('client.ts'))).toEqual([]);
  });

  it('refuses to compile an unknown field, an unknown operator and a populate key that is no relation', () => {
    const wrong = compile.output.split('\n')
      .filter((line) => line.startsWith('wrong.ts') && /error TS/.test(line)).map((line) => /^wrong\.ts\((\d+),/.exec(line)![1]);
    expect([...new Set(wrong)]).toEqual(['7', '8', '9']);
  });

  it('runs against the sample site: the bracket query reaches the server as written, create answers 201, errors are typed', async () => {
    const { stdout } = await run(process.execPath, [join(dir, 'out/client.js')], { env: { ...ENV, CMS_BASE: base, CMS_TOKEN: TOKEN } });
    const result = JSON.parse(stdout);
    const query = 'filters[$or][0][title][$containsi]=pizza&filters[$or][1][author][name][$eq]=Marco Rossi&filters[views][$gte]=0'
      + '&populate[author][fields][0]=name&populate[category]=true&populate[tags][fields][0]=name&populate[tags][sort][0]=name:asc'
      + '&sort[0]=title:asc&fields[0]=title&fields[1]=slug&pagination[page]=1&pagination[pageSize]=3&locale=en';
    const direct = await (await fetch(`${base}/api/articles?${query}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json();
    expect(result.list.titles.length).toBeGreaterThan(0);
    expect(result.list.titles).toEqual(direct.data.map((article: { title: string }) => article.title));
    expect(result.list.authors).toEqual(direct.data.map((article: { author: { name: string } | null }) => article.author?.name ?? null));
    expect(result.list.pagination).toEqual(direct.meta.pagination);
    expect(result.created.name).toMatch(/^from the client/);
    expect(result.missing).toEqual({ status: 404, name: 'NotFoundError' });
    expect(result.refused.status).toBe(400);
    expect(result.refused.name).toBe('PaginationError');
  });

  it('passes Redocly\'s "recommended" ruleset with no error (offline: no telemetry, no update check)', async () => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const lint = await run(bin('redocly'), ['lint', '--extends', 'recommended', '--format', 'json', 'openapi.json'], { cwd: dir, env })
      .then((done) => done.stdout, (error: { stdout: string }) => error.stdout);
    const report = JSON.parse(lint) as { totals: { errors: number }; problems: { ruleId: string; severity: string }[] };
    expect(report.problems.filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(report.problems.map((problem) => problem.ruleId)).not.toContain('operation-summary');
  });

  it('the document names the query serializer the client uses', () => {
    const document = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    expect(document['x-query-serializer']).toMatchObject({ library: 'qs', call: 'qs.stringify(query, { encodeValuesOnly: true })' });
  });
});
