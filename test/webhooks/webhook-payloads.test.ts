// Webhooks compared with Strapi 5.54's own (record.mjs): the same writes (steps.mjs) done on this server, with a
// webhook for every event pointing at a real HTTP receiver, must deliver what Strapi delivered, step by step:
// events in order, headers, and bodies (`event`, `model`, `uid`, the populated `entry`, `media`). Numeric ids are
// compared by which rows share one (per table), documentIds by order of appearance, times and upload hash
// suffixes are masked; everything else as it is. Deliberate differences: CHOICES, listed in docs/reference/conformance.md.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
import { TEST_ENV } from '../auth/helpers.js';
import { eventually, git } from '../git-workflow/helpers.js';
import { startApp, type TestServer } from '../helpers/project.js';
// @ts-expect-error: a plain ES module shared with the recorder
import { EVENTS, HOOK_HEADERS, steps } from './steps.mjs';

interface Delivery { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }
interface Step {
  id: string; method?: string; upload?: string | null; fileInfo?: unknown; action?: 'discard' | 'unpublish'; locale?: string;
  path?: (vars: Vars) => string; body?: (vars: Vars) => unknown; document?: (vars: Vars) => string; keep?: (answer: any) => Vars;
}
type Vars = Record<string, string | number>;

const HERE = import.meta.dirname;
const recording = JSON.parse(readFileSync(join(HERE, 'recording.json'), 'utf8')) as
  { hookPath: string; steps: { id: string; deliveries: Delivery[] }[] };
const PNG = readFileSync(join(HERE, '..', 'conformance', 'assets', 'tiny.png'));
/** Transport headers that name the receiver or the body's length: they differ by nature. */
const TRANSPORT = new Set(['host', 'content-length']);
/** The table a nested key's ids belong to, beside the payload's own type. */
const TABLE_OF_KEY: Record<string, string> = { cover: 'file', image: 'file', media: 'file', category: 'category', articles: 'article', seo: 'seo' };

/** One side's deliveries made comparable: ids by first appearance per table, documentIds by first appearance, times masked. */
function comparable(deliveries: Delivery[][]): unknown[] {
  const ids = new Map<string, Map<number, string>>();
  const documents = new Map<string, string>();
  const idOf = (table: string, id: number) => {
    const seen = ids.get(table) ?? ids.set(table, new Map()).get(table)!;
    return seen.get(id) ?? seen.set(id, `@@${table}-${seen.size + 1}`).get(id)!;
  };
  const walk = (value: unknown, key: string, table: string): unknown => {
    if (key === 'id' && typeof value === 'number') return idOf(table, value);
    if (key === 'documentId' && typeof value === 'string') {
      return documents.get(value) ?? documents.set(value, `@@doc-${documents.size + 1}`).get(value);
    }
    if (/At$/.test(key) && typeof value === 'string') return '@@time';
    if ((key === 'hash' || key === 'url') && typeof value === 'string') return value.replace(/_[0-9a-f]{10}(\.|$)/, '_@@hash$1');
    if (Array.isArray(value)) return value.map((item) => walk(item, key, table));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, TABLE_OF_KEY[k] ?? table)]));
    }
    return value;
  };
  return deliveries.map((step) => step.map(({ method, path, headers, body }) => {
    const table = typeof body.model === 'string' ? body.model : 'file';
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.has(name)).sort(([a], [b]) => a.localeCompare(b)));
    return { method, path, headers: kept, body: walk(body, '', table) };
  }));
}

type Body = { entry?: Record<string, unknown> };
/** Every row id masked: where Strapi gives a re-written row a new id and this project keeps the version's id. */
const sameIds = (body: Body) => JSON.parse(JSON.stringify(body).replace(/"@@(article|seo)-\d+"/g, '"@@id"')) as Body;
const REPUBLISHED = 'Strapi gives a discarded draft, a republished version and their components new row ids; ids here stay with the version';
/**
 * Where this project sends otherwise, by choice (docs/reference/conformance.md, "Webhooks"): what is set aside when comparing.
 * Each must still differ without its mask (else it is no longer a choice).
 */
const CHOICES: Record<string, { why: string; mask: (body: Body) => Body }> = {
  'article.discard': { why: REPUBLISHED, mask: sameIds },
  'article.update.published': { why: REPUBLISHED, mask: sameIds },
  'article.delete': { why: REPUBLISHED, mask: sameIds },
  'article.unpublish': {
    why: 'Strapi sends the removed published row in an internal shape (relations as { count }, every localization row); '
      + 'this project sends the document as it now is (its draft), populated as every other entry',
    mask: (body) => {
      const { documentId, title, body: text, locale, cover } = body.entry ?? {};
      return { ...body, entry: { documentId, title, body: text, locale, cover } };
    },
  },
  'category.update': {
    why: 'Strapi lists every row the relation links, drafts beside published versions; this project the versions its REST API shows',
    mask: (body) => sameIds({ ...body, entry: { ...body.entry, articles: '@@rows' } }),
  },
};

let receiver: Server;
let server: TestServer;
let root: string;
const received: Delivery[] = [];
const ours: Delivery[][] = [];
const reports: string[] = [];

async function doStep(step: Step, vars: Vars, token: string): Promise<unknown> {
  const auth = { authorization: `Bearer ${token}` };
  let response: Response;
  if (step.action) {
    const route = step.action === 'discard' ? 'discard-draft' : 'unpublish';
    response = await server.request(`/api/_cms/articles/${step.document!(vars)}/${route}?locale=${step.locale}`, { method: 'POST', headers: auth });
  } else if (step.upload !== undefined) {
    const form = new FormData();
    if (step.upload) form.append('files', new Blob([PNG], { type: 'image/png' }), step.upload);
    if (step.fileInfo) form.append('fileInfo', JSON.stringify(step.fileInfo));
    response = await server.request(step.path ? step.path(vars) : '/api/upload', { method: 'POST', headers: auth, body: form });
  } else {
    const body = step.body?.(vars);
    response = await server.request(step.path!(vars), {
      method: step.method, headers: { ...auth, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined,
    });
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${step.id}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => { text += chunk; });
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body: JSON.parse(text) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const { port } = receiver.address() as { port: number };
  root = mkdtempSync(join(tmpdir(), 'cms-webhooks-'));
  cpSync(join(HERE, 'fixture'), root, { recursive: true });
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.webhooks = [{ url: `http://127.0.0.1:${port}${recording.hookPath}`, headers: HOOK_HEADERS, events: EVENTS }];
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config));
  git(root, 'init', '--quiet', '--initial-branch=main');
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'Project');
  server = await startApp(root, { env: TEST_ENV, report: (message) => reports.push(message), webhooks: { retryDelays: [] } });
  const token = (await (server.cms as Cms).auth.tokens.create({ name: 'client', type: 'full-access' })).accessKey;
  const vars: Vars = {};
  for (const [index, step] of (steps as Step[]).entries()) {
    const before = received.length;
    const answer = await doStep(step, vars, token);
    Object.assign(vars, step.keep?.(answer) ?? {});
    const expected = recording.steps[index].deliveries.length;
    // Each step waits for as many deliveries as Strapi sent (a missing one fails its step); an extra shows in the next step's.
    await eventually(() => received.length >= before + expected, 10_000).catch(() => undefined);
    ours.push(received.slice(before));
  }
}, 180_000);

afterAll(async () => {
  await new Promise((done) => receiver?.close(done));
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('webhooks deliver what Strapi 5.54 delivers', () => {
  it('the recorded steps are the steps replayed, every delivery succeeded and none came beyond Strapi\'s', async () => {
    expect(recording.steps.map((step) => step.id)).toEqual((steps as Step[]).map((step) => step.id));
    expect(reports).toEqual([]);
    expect(received.length).toBe(recording.steps.flatMap((step) => step.deliveries).length);
  });

  it.each(recording.steps.map((step, index) => [step.id, index] as const))('%s', (_id, index) => {
    const strapi = comparable(recording.steps.map((step) => step.deliveries));
    const here = comparable(ours);
    const choice = CHOICES[recording.steps[index].id];
    if (!choice) { expect(here[index]).toEqual(strapi[index]); return; }
    expect(here[index], `${recording.steps[index].id} now sends as Strapi: remove it from CHOICES`).not.toEqual(strapi[index]);
    const masked = (deliveries: unknown) => (deliveries as { body: Body }[]).map((delivery) => ({ ...delivery, body: choice.mask(delivery.body) }));
    expect(masked(here[index])).toEqual(masked(strapi[index]));
  });
});
