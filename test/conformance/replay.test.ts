// Replays every answer recorded from the real Strapi 5.54 (`npm run conformance:record`) against this
// server, on a fresh copy of the same fixture seeded by the same requests, and compares status,
// content type and normalised body. A difference passes only when choices.json lists the case with
// the Project choice (contract/strapi-v5-notes.md) it follows, or open-divergences.json lists it as
// a known, not yet settled difference (each says what would settle it). Either way, a listed case
// that starts answering as Strapi fails until its entry is removed.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
// @ts-expect-error: plain ES modules shared with the recorder
import { createNameBook } from './lib/normalize.mjs';
// @ts-expect-error: plain ES modules shared with the recorder
import { recordedAnswer, runCases } from './lib/run.mjs';

interface Answer { status: number; headers: Record<string, string>; body: unknown }
interface Recorded { id: string; request: Record<string, unknown>; response: Answer }
interface Choice { choice: string; differs: string; status?: number }
interface TokenSpec { type: 'read-only' | 'custom'; permissions?: string[] }

const HERE = import.meta.dirname;
/**
 * The schema sets: this folder (the fixture built here), FoodAdvisor (Strapi's public example project)
 * and GraphQL (the GraphQL plugin's answers, on this folder's fixture).
 */
const SETS = [
  { name: 'fixture', dir: HERE },
  { name: 'foodadvisor', dir: join(HERE, 'foodadvisor') },
  { name: 'graphql', dir: join(HERE, 'graphql') },
].map(({ name, dir }) => ({
  name,
  dir,
  fixture: existsSync(join(dir, 'fixture')) ? join(dir, 'fixture') : join(HERE, 'fixture'),
  groups: readdirSync(join(dir, 'recordings'))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, 'recordings', file), 'utf8'))) as { group: string; cases: Recorded[] }[],
  choices: JSON.parse(readFileSync(join(dir, 'choices.json'), 'utf8')) as Record<string, Choice>,
  open: JSON.parse(readFileSync(join(dir, 'open-divergences.json'), 'utf8')) as Record<string, { differs: string; next: string }>,
}));

const ENV = {
  CMS_JWT_SECRET: 'conformance-jwt-secret-0123456789abcdef0123456789',
  CMS_API_TOKEN_SALT: 'conformance-salt-0123456789abcdef0123456789abcdef',
  // as the reference runs (production: no GraphQL introspection), not vitest's NODE_ENV=test
  NODE_ENV: 'production',
};

describe.each(SETS.map((set) => [set.name, set] as const))('%s', (_name, { dir, fixture, groups, choices, open }) => {
  const answers = new Map<string, Answer>();
  let root = '';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cms-conformance-'));
    for (const entry of ['schemas', 'cms.config.json']) cpSync(join(fixture, entry), join(root, entry), { recursive: true });
    const cms = await createCms({ root, env: ENV, report: () => {} });
    const app = createApp(cms, { log: () => {} });
    const vars: Record<string, unknown> = { token: (await cms.auth.tokens.create({ name: 'conformance', type: 'full-access' })).accessKey };
    // the set's other API tokens (read-only, custom scopes), as the recorder made them on Strapi
    const { TOKENS = {} } = await import(join(dir, 'catalogue', 'index.mjs')) as { TOKENS?: Record<string, TokenSpec> };
    for (const [name, spec] of Object.entries(TOKENS)) vars[name] = (await cms.auth.tokens.create({ name, ...spec })).accessKey;
    const book = createNameBook();
    const send = (path: string, init: RequestInit) => Promise.resolve(app.request(path, init));
    const cases = groups.flatMap(({ cases }) => cases.map(({ id, request }) => ({ id, ...request })));
    for await (const { kase, answer } of runCases(cases, send, vars, book, { lenient: true })) answers.set(kase.id, answer);
  }, 300_000);

  afterAll(() => { if (root) rmSync(root, { recursive: true, force: true }); });

  describe.each(groups.map(({ group, cases }) => [group, cases] as const))('%s', (_group, cases) => {
    it.each(cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
      const ours = answers.get(id)!;
      const choice = choices[id];
      const expected = recordedAnswer(recorded) as Answer;
      const same = isDeepStrictEqual(ours, expected);
      if (choice) {
        expect(same, `${id} now answers as Strapi: remove it from choices.json`).toBe(false);
        if (choice.status !== undefined) expect(ours.status).toBe(choice.status);
        return;
      }
      if (open[id]) {
        expect(same, `${id} now answers as Strapi: remove it from open-divergences.json`).toBe(false);
        return;
      }
      expect({ id, ...ours }).toEqual({ id, ...expected });
    });
  });

  it('lists only recorded cases in choices.json and open-divergences.json, each in one of them', () => {
    const recorded = new Set(groups.flatMap(({ cases }) => cases.map(({ id }) => id)));
    expect(Object.keys(choices).filter((id) => !recorded.has(id))).toEqual([]);
    expect(Object.keys(open).filter((id) => !recorded.has(id))).toEqual([]);
    expect(Object.keys(open).filter((id) => id in choices)).toEqual([]);
  });
});
