// Replays the answers the real Strapi 5.54 gave to relations whose target is a users-permissions user (the usual
// "owner" or "author", test/extensions/user-targets), recorded by `record.mjs --set user-targets`: populate in every
// form (the user's private fields never shown, its role reached), filters and sort through the user, writes by id
// and documentId, what the Public role and a token see. A difference passes only when user-targets/choices.json lists
// the case with the Project choice it follows; it fails once the case answers as Strapi again.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaySet, type Answer, type Recorded } from './replay-set.js';

interface Choice { choice: string; differs: string }

const DIR = join(import.meta.dirname, 'user-targets');
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(DIR, 'recording.json'), 'utf8'));
const choicesFile = join(DIR, 'choices.json');
const choices: Record<string, Choice> = existsSync(choicesFile) ? JSON.parse(readFileSync(choicesFile, 'utf8')) : {};

let answers = new Map<string, Answer>();
let close = async () => {};

beforeAll(async () => {
  ({ answers, close } = await replaySet(DIR, recording.cases));
}, 60_000);

afterAll(() => close());

describe('relations to plugin::users-permissions.user answer as in the real Strapi 5.54', () => {
  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    const ours = { id, ...answers.get(id) };
    if (!choices[id]) return expect(ours).toEqual({ id, ...recorded.response });
    expect(JSON.stringify(ours), `${id} now answers as Strapi: remove it from user-targets/choices.json`)
      .not.toBe(JSON.stringify({ id, ...recorded.response }));
  });

  it('lists only recorded cases in user-targets/choices.json', () => {
    const recorded = new Set(recording.cases.map((entry) => entry.id));
    expect(Object.keys(choices).filter((id) => !recorded.has(id))).toEqual([]);
  });
});
