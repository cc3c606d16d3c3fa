// Replays the answers the real Strapi 5.54 gave to strapi/LaunchPad's own back end (test/extensions/launchpad: its
// content types, components, dynamic zones, i18n, draft and publish, and the route middlewares that set the
// populate of find/findOne), recorded by `record.mjs --set launchpad`, against this server loading the same src/
// (TypeScript, as the project ships it). A difference passes only when launchpad/choices.json lists the case with
// the Project choice (docs/reference/conformance.md) it follows, or launchpad/open-divergences.json lists it as not
// settled yet (with what would settle it); either fails once the case answers as Strapi again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySet, type Answer, type Recorded } from './replay-set.js';

interface Choice { choice: string; differs: string; status?: number }

const DIR = join(import.meta.dirname, 'launchpad');
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(DIR, 'recording.json'), 'utf8'));
const choices: Record<string, Choice> = JSON.parse(readFileSync(join(DIR, 'choices.json'), 'utf8'));
const open: Record<string, string> = JSON.parse(readFileSync(join(DIR, 'open-divergences.json'), 'utf8'));

let answers = new Map<string, Answer>();
let close = async () => {};

beforeAll(async () => {
  ({ answers, close } = await replaySet(DIR, recording.cases));
}, 120_000);

afterAll(() => close());

describe('strapi/LaunchPad\'s back end answers as in the real Strapi 5.54', () => {
  it('records at least 500 cases', () => expect(recording.cases.length).toBeGreaterThanOrEqual(500));

  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    const ours = { id, ...answers.get(id) };
    const choice = choices[id];
    if (!choice && !(id in open)) return expect(ours).toEqual({ id, ...recorded.response });
    const list = choice ? 'choices.json' : 'open-divergences.json';
    expect(JSON.stringify(ours), `${id} now answers as Strapi: remove it from launchpad/${list}`)
      .not.toBe(JSON.stringify({ id, ...recorded.response }));
    if (choice?.status !== undefined) expect(ours.status).toBe(choice.status);
  });

  it('lists only recorded cases in launchpad/choices.json and open-divergences.json, each in one of them', () => {
    const recorded = new Set(recording.cases.map((entry) => entry.id));
    expect([...Object.keys(choices), ...Object.keys(open)].filter((id) => !recorded.has(id))).toEqual([]);
    expect(Object.keys(open).filter((id) => id in choices)).toEqual([]);
  });
});
