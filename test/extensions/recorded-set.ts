import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES modules shared with the recorder
import { recordedAnswer } from '../conformance/lib/run.mjs';
import { replaySet, type Answer, type Recorded } from './replay-set.js';

interface Choice {
  choice: string;
  differs: string;
  status?: number;
  /** The answer here depends on ids made at random (merge-safe ids): it may coincide with Strapi's, so only the status is held. */
  varies?: boolean;
}

export interface RecordedSetOptions {
  /** The set must hold at least this many recorded cases. */
  minCases?: number;
  /** Limit of the hook that starts the project and sends every request. */
  startTimeout?: number;
  /** Wrap the replay (a project whose code takes over process-wide state): called before, its result after. */
  guard?: () => () => void;
  /** Files of the set's src/ the replay leaves out, each with why (the set's README says what would settle it). */
  leaveOut?: Record<string, string>;
}

const readJson = <T>(file: string, fallback: T): T => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback);

/**
 * Replay a recorded set of test/extensions (`<set>/recording.json`, what the real Strapi 5.54 answered running the set's
 * src/) against this server loading the same project. A difference passes only when `<set>/choices.json` lists the case with
 * the Project choice it follows (docs/reference/conformance.md) or `<set>/open-divergences.json` lists it as not settled yet
 * (with what would settle it); either fails once the case answers as Strapi again. A project that does not start answers
 * every case "not started" and fails the start test.
 *
 * @example
 * describeRecordedSet('launchpad', 'strapi/LaunchPad\'s back end answers as in the real Strapi 5.54', { minCases: 500 });
 */
export function describeRecordedSet(set: string, title: string, options: RecordedSetOptions = {}): { dir: string } {
  const dir = join(import.meta.dirname, set);
  const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8'));
  const choices = readJson<Record<string, Choice>>(join(dir, 'choices.json'), {});
  const open = readJson<Record<string, string>>(join(dir, 'open-divergences.json'), {});
  let answers = new Map<string, Answer>();
  let startError: Error | undefined;
  let close = async () => {};

  beforeAll(async () => {
    const restore = options.guard?.();
    try {
      ({ answers, close } = await replaySet(dir, recording.cases, Object.keys(options.leaveOut ?? {})));
    } catch (error) {
      startError = error as Error;
      for (const { id } of recording.cases) answers.set(id, { status: 0, headers: {}, body: `not started: ${startError.message}` });
    } finally {
      restore?.();
    }
  }, options.startTimeout ?? 120_000);

  afterAll(() => close());

  describe(title, () => {
    it('starts the project with its own code', () => expect(startError?.message).toBeUndefined());

    it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
      const ours = { id, ...answers.get(id) };
      const choice = choices[id];
      const expected = recordedAnswer(recorded) as Answer;
      if (!choice && !(id in open)) return expect(ours).toEqual({ id, ...expected });
      if (choice?.varies) return choice.status === undefined || expect(ours.status).toBe(choice.status);
      const list = choice ? 'choices.json' : 'open-divergences.json';
      expect(JSON.stringify(ours), `${id} now answers as Strapi: remove it from ${set}/${list}`)
        .not.toBe(JSON.stringify({ id, ...expected }));
      if (choice?.status !== undefined) expect(ours.status).toBe(choice.status);
    });

    it(`records at least ${options.minCases ?? 1} cases, and lists only recorded ones in choices.json and open-divergences.json, each once`,
      () => {
        expect(recording.cases.length).toBeGreaterThanOrEqual(options.minCases ?? 1);
        const recorded = new Set(recording.cases.map((entry) => entry.id));
        expect([...Object.keys(choices), ...Object.keys(open)].filter((id) => !recorded.has(id))).toEqual([]);
        expect(Object.keys(open).filter((id) => id in choices)).toEqual([]);
      });
  });
  return { dir };
}
