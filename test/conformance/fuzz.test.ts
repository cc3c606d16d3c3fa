// The fuzzer's parts that must hold for its reports to mean anything: one seed gives one list of
// requests (so a difference found once can be found again), and the normaliser and the kinds make
// equal what must differ between two servers and nothing else.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES modules shared with the fuzzer
import { generateCases } from './lib/fuzz-cases.mjs';
// @ts-expect-error: plain ES modules shared with the fuzzer
import { differenceKind, knownChoice } from './lib/fuzz-diff.mjs';
// @ts-expect-error: plain ES modules shared with the fuzzer
import { loadSchemaSet } from './lib/fuzz-schemas.mjs';
// @ts-expect-error: plain ES modules shared with the recorder
import { createNameBook, nameDocument, normalizeAnswer } from './lib/normalize.mjs';

const HERE = import.meta.dirname;
const SETS = [join(HERE, 'fixture'), join(HERE, 'foodadvisor', 'fixture')];

describe('the fuzz generator', () => {
  it.each(SETS)('gives the same requests for the same seed, other requests for another (%s)', (dir) => {
    const set = loadSchemaSet(dir);
    const once = generateCases(set, 7, 400);
    expect(generateCases(loadSchemaSet(dir), 7, 400)).toEqual(once);
    expect(generateCases(set, 8, 400).requests).not.toEqual(once.requests);
    expect(once.requests).toHaveLength(400);
  });

  it('reaches every method, both paginations, populate with `on`, logical filters, locale and status', () => {
    const { requests } = generateCases(loadSchemaSet(SETS[1]), 3, 2000);
    const paths = requests.map(({ path }: { path: string }) => decodeURIComponent(path)).join('\n');
    const methods = new Set(requests.map(({ method }: { method: string }) => method));
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) expect(methods).toContain(method);
    for (const part of ['[$and]', '[$or]', '[$not]', '[$between]', '[$notContainsi]', '[on][', 'pagination[page]', 'pagination[start]',
      'locale=fr-FR', 'status=draft', 'sort=', 'fields[0]=']) expect(paths).toContain(part);
  });

  it('builds every seed request from the schemas, in order, naming what later requests use', () => {
    const { seed, requests } = generateCases(loadSchemaSet(SETS[1]), 1, 50);
    const captured = new Set(seed.flatMap((kase: { capture?: Record<string, string> }) => Object.keys(kase.capture ?? {})));
    expect(captured).toContain('img1');
    expect(captured).toContain('restaurants0');
    const used = [...JSON.stringify(requests).matchAll(/@@(\w+)/g)].map(([, name]) => name).filter((name) => !name.startsWith('fz'));
    expect(used.filter((name) => !captured.has(name))).toEqual([]);
  });
});

describe('the normaliser and the kinds', () => {
  const answer = (documentId: string, id: number, at: string, hash: string) => ({
    status: 200, headers: { 'content-type': 'application/json; charset=utf-8' },
    body: { data: [{ id, documentId, createdAt: at, hash: `photo_${hash}` }] },
  });

  it('maps documentIds through the seed, numeric ids by equivalence, timestamps and upload hashes', () => {
    const strapi = createNameBook();
    const ours = createNameBook();
    nameDocument(strapi, 'k2j4h5g6f7d8s9a0q1w2e3r4', 'post1');
    nameDocument(ours, 'zz11yy22xx33ww44vv55uu66', 'post1');
    const a = normalizeAnswer(answer('k2j4h5g6f7d8s9a0q1w2e3r4', 7, '2024-01-01T00:00:00.000Z', 'a1b2c3d4e5'), strapi, 'c1');
    const b = normalizeAnswer(answer('zz11yy22xx33ww44vv55uu66', 912345, '2026-11-25T08:00:00.123Z', '0f9e8d7c6b'), ours, 'c1');
    expect(a).toEqual(b);
    expect(a.body.data[0]).toEqual({ id: '#1', documentId: '@@post1', createdAt: '@@time', hash: 'photo_@@hash' });
    expect(differenceKind('GET', a, b)).toBeUndefined();
  });

  it('counts one kind per method, status pair and path shape, whatever the array position', () => {
    const a = { status: 200, body: { data: [{ title: 'a' }, { title: 'b' }] } };
    const first = differenceKind('GET', a, { status: 200, body: { data: [{ title: 'x' }, { title: 'b' }] } });
    const second = differenceKind('GET', a, { status: 200, body: { data: [{ title: 'a' }, { title: 'y' }] } });
    expect(first.kind).toBe('GET 200/200 .body.data[].title');
    expect(second.kind).toBe(first.kind);
    expect(differenceKind('PUT', a, { status: 400, body: { data: null } }).kind).toBe('PUT 200/400 .status');
  });

  it('sets apart the differences a listed Project choice explains', () => {
    expect(knownChoice({ method: 'GET', path: '/api/posts?status=bogus' })).toMatch(/status/);
    expect(knownChoice({ method: 'POST', path: '/api/posts?locale=xx' })).toMatch(/Unknown locale/);
    expect(knownChoice({ method: 'GET', path: '/api/posts?locale=xx' })).toBeUndefined();
    expect(knownChoice({ method: 'GET', path: '/api/posts?status=draft' })).toBeUndefined();
    const list = (...ids: string[]) => ({ status: 200, body: { data: ids.map((documentId) => ({ documentId })) } });
    expect(knownChoice({ method: 'GET', path: '/api/posts' }, list('@@a', '@@b'), list('@@b', '@@a'))).toMatch(/Default list order/);
    const titled = (...items: [string, string][]) => (
      { status: 200, body: { data: items.map(([documentId, title]) => ({ documentId, title })) } });
    const tie = knownChoice({ method: 'GET', path: '/api/posts?sort=title' }, titled(['@@a', 'x'], ['@@b', 'x']),
      titled(['@@b', 'x'], ['@@a', 'x']));
    expect(tie).toMatch(/ties/);
    expect(knownChoice({ method: 'GET', path: '/api/posts?sort=title' }, titled(['@@a', 'x'], ['@@b', 'y']),
      titled(['@@b', 'y'], ['@@a', 'x'])))
      .toBeUndefined();
    expect(knownChoice({ method: 'GET', path: '/api/posts' }, list('@@a', '@@b'), list('@@a', '@@b'))).toBeUndefined();
    const refused = { status: 400, body: { error: { message: 'Invalid value "abc" for views: expected a number' } } };
    expect(knownChoice({ method: 'GET', path: '/api/posts?filters[views]=abc' }, { status: 500 }, refused)).toMatch(/Uncastable/);
  });
});
