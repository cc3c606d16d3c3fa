// Replays the answers the real Strapi 5.54 gave to the smaller points of issue #38 (test/extensions/details), recorded
// by `record.mjs --set details`: one-to-one writes (a two-sided one-to-one is exclusive, a one-way one is not),
// validation errors of component-holding fields, dynamic-zone entries of a component the zone does not list (stored
// and read back, as Strapi does), blocks image nodes with several problems (all of them, in yup's order), and custom
// controller actions granted to the Public and Authenticated roles (and listed in the roles' permission trees), and a
// relation to a users-permissions user inside a component. A
// difference passes only when details/choices.json lists the case with the Project choice it follows.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySet, type Answer, type Recorded } from './replay-set.js';

interface Choice { choice: string; differs: string }

const DIR = join(import.meta.dirname, 'details');
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(DIR, 'recording.json'), 'utf8'));
const choicesFile = join(DIR, 'choices.json');
const choices: Record<string, Choice> = existsSync(choicesFile) ? JSON.parse(readFileSync(choicesFile, 'utf8')) : {};

let answers = new Map<string, Answer>();
let close = async () => {};

beforeAll(async () => {
  ({ answers, close } = await replaySet(DIR, recording.cases));
}, 60_000);

afterAll(() => close());

describe('the smaller points of issue 38 answer as in the real Strapi 5.54', () => {
  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    const ours = { id, ...answers.get(id) };
    if (!choices[id]) return expect(ours).toEqual({ id, ...recorded.response });
    expect(JSON.stringify(ours), `${id} now answers as Strapi: remove it from details/choices.json`)
      .not.toBe(JSON.stringify({ id, ...recorded.response }));
  });

  it('lists only recorded cases in details/choices.json', () => {
    const recorded = new Set(recording.cases.map((entry) => entry.id));
    expect(Object.keys(choices).filter((id) => !recorded.has(id))).toEqual([]);
  });
});
