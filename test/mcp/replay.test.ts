// Replays every MCP answer recorded from the real Strapi 5.54 (test/conformance/mcp/record.mjs) against this
// server's `/mcp`, on a copy of the same project seeded by the same REST requests, with our credential for each
// recorded one, and compares status, content type (and `Allow`) and the normalised body. A difference passes only
// when test/conformance/mcp/choices.json lists the case (`<set>/<id>`) with the reason this project answers
// otherwise, or open-divergences.json lists it as known and not yet settled (saying what would settle it). Either
// way, a listed case that starts answering as Strapi fails until its entry is removed.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cms } from '../../core/cms.js';
// @ts-expect-error: plain ES module shared with the fuzzer
import { firstDifference, pathShape, valueAt } from '../conformance/lib/fuzz-diff.mjs';
import { type McpAnswer, type Recording, replayMcp } from './replay-mcp.js';

const DIR = join(import.meta.dirname, '..', 'conformance', 'mcp');
const SETS = readdirSync(join(DIR, 'recordings')).filter((file) => file.endsWith('.json')).sort()
  .map((file) => ({ name: file.replace(/\.json$/, ''), recording: JSON.parse(readFileSync(join(DIR, 'recordings', file), 'utf8')) as Recording }));
const CHOICES_FILE = join(DIR, 'choices.json');
const choices = JSON.parse(readFileSync(CHOICES_FILE, 'utf8')) as Record<string, { choice: string; differs: string; status?: number }>;
const OPEN_FILE = join(DIR, 'open-divergences.json');
const open = JSON.parse(readFileSync(OPEN_FILE, 'utf8')) as Record<string, { differs: string; next: string }>;
/**
 * `MCP_WRITE_OPEN=1 npx vitest run test/mcp/replay.test.ts` (a developer aid) rewrites open-divergences.json: every
 * differing case not in choices.json with its first difference; an entry's `next` is kept, cases that pass are dropped.
 * It refreshes choices.json's `differs` the same way (the `choice` is kept; a choice that now answers as Strapi is dropped).
 */
const WRITE_OPEN = process.env.MCP_WRITE_OPEN === '1';
const found: Record<string, { differs: string; next: string }> = {};

/** Where Strapi's answer and ours first differ, in a line. */
function describeDifference(strapi: McpAnswer, ours: McpAnswer | undefined): string {
  const path = firstDifference(strapi, ours ?? null) as string[];
  const show = (value: unknown) => JSON.stringify(value)?.slice(0, 160);
  return `Strapi ${strapi.status}, ours ${ours?.status}: ${pathShape(path)}: strapi ${show(valueAt(strapi, path))} | ours ${show(valueAt(ours, path))}`;
}

describe.each(SETS.map((set) => [set.name, set] as const))('%s', (name, { recording }) => {
  let answers = new Map<string, McpAnswer>();
  let root = '';
  let cms: Cms | undefined;
  const logged: string[] = [];

  beforeAll(async () => {
    ({ answers, root, cms } = await replayMcp(recording, logged));
  }, 1_500_000);

  afterAll(async () => {
    // a replay that never answered (its setup failed) says nothing about the cases
    if (WRITE_OPEN && answers.size > 0) {
      for (const { id, answer } of recording.cases) {
        const key = `${name}/${id}`;
        const same = isDeepStrictEqual(answers.get(id), answer);
        if (choices[key] && same) delete choices[key];
        else if (choices[key]) choices[key].differs = describeDifference(answer, answers.get(id));
        if (choices[key] || same) continue;
        found[key] = { differs: describeDifference(answer, answers.get(id)), next: open[key]?.next ?? 'mcp-core: answer as recorded' };
      }
      writeFileSync(OPEN_FILE, `${JSON.stringify(found, null, 2)}\n`);
      writeFileSync(CHOICES_FILE, `${JSON.stringify(choices, null, 2)}\n`);
    }
    await cms?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    const key = `${name}/${id}`;
    const ours = answers.get(id);
    const same = isDeepStrictEqual(ours, recorded.answer);
    if (choices[key]) {
      expect(same, `${key} now answers as Strapi: remove it from choices.json`).toBe(false);
      if (choices[key].status !== undefined) expect(ours?.status).toBe(choices[key].status);
      return;
    }
    if (open[key]) {
      expect(same, `${key} now answers as Strapi: remove it from open-divergences.json`).toBe(false);
      return;
    }
    expect({ id, ...ours }).toEqual({ id, ...recorded.answer });
  });
});

it('lists only recorded cases in choices.json and open-divergences.json, each in one of them, each with its reason', () => {
  const recorded = new Set(SETS.flatMap(({ name, recording }) => recording.cases.map(({ id }) => `${name}/${id}`)));
  expect(Object.keys(choices).filter((key) => !recorded.has(key))).toEqual([]);
  expect(Object.keys(open).filter((key) => !recorded.has(key))).toEqual([]);
  expect(Object.keys(open).filter((key) => key in choices)).toEqual([]);
  expect(Object.entries(choices).filter(([, { choice, differs }]) => !choice || !differs).map(([key]) => key)).toEqual([]);
  expect(Object.entries(open).filter(([, { differs, next }]) => !differs || !next).map(([key]) => key)).toEqual([]);
});

it('records tools/list for every credential kind the design names, and calls every tool a full credential lists', () => {
  const projects = new Set(SETS.map(({ recording }) => recording.project));
  for (const project of projects) {
    const cases = SETS.filter(({ recording }) => recording.project === project).flatMap(({ recording }) => recording.cases);
    const method = (kase: (typeof cases)[number]) => (kase.request.body as { method?: string } | undefined)?.method;
    const lists = cases.filter((kase) => method(kase) === 'tools/list');
    const credentials = new Set(lists.map(({ credential }) => credential));
    for (const kind of ['full', 'read', 'none', 'bad', 'jwt']) expect(credentials, project).toContain(kind);
    expect([...credentials].some((credential) => credential.startsWith('custom-')), project).toBe(true);
    const full = lists.find(({ id }) => id === 'tools.list.full')!;
    const listed = (full.answer.body as { result: { tools: { name: string }[] } }[])[0].result.tools.map((tool) => tool.name);
    expect(listed.length, project).toBeGreaterThan(10);
    const called = new Set(cases.filter((kase) => method(kase) === 'tools/call')
      .map(({ request }) => (request.body as { params: { name?: string } }).params.name));
    expect(listed.filter((tool) => !called.has(tool)), project).toEqual([]);
  }
});
