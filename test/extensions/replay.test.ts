// Replays the answers the real Strapi 5.54 gave to test/extensions/project (its own src/ code: a slug
// lifecycle, a wrapped find, a header middleware, a custom route with a policy, a core router with `only`),
// recorded by record.mjs, against this server loading the same src/, and compares status, content type,
// the recorded headers and the normalised body.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySet, type Answer, type Recorded } from './replay-set.js';

const HERE = import.meta.dirname;
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(HERE, 'recording.json'), 'utf8'));

let answers = new Map<string, Answer>();
let logged: string[] = [];
let close = async () => {};

beforeAll(async () => {
  ({ answers, logged, close } = await replaySet(join(HERE, 'project'), recording.cases));
});

afterAll(() => close());

describe('a Strapi project\'s own back-end code answers as in the real Strapi 5.54', () => {
  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    expect({ id, ...answers.get(id) }).toEqual({ id, ...recorded.response });
  });
});

it('logs the error a controller threw (500) and runs bootstrap', () => {
  expect(logged.some((line) => line.includes('something inside went wrong'))).toBe(true);
  expect(logged).toContain('[info] extensions project ready');
});
