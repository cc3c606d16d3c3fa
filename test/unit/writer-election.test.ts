import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../core/errors.js';
import { createElectedChoice, RETRY_REFUSED_MS } from '../../core/replication/writer-election.js';
import { createWriterChoice } from '../../core/replication/writer-choice.js';
import { electedUnlessTooOld } from '../../core/replication/writer-fallback.js';
import type { WriterLease, WriterTerm } from '../../core/replication/writer-lease.js';

const SELF = 'http://10.0.0.11:1337';
const OTHER = 'http://10.0.0.12:1337';
const THIRD = 'http://10.0.0.13:1337';

/** A lease whose answers a test sets; `changed` resolves when the test calls `change()`, or after its `ms`. */
function fakeLease() {
  const state: { holding?: number; current?: WriterTerm } = {};
  let waiters: Array<() => void> = [];
  const lease: WriterLease = {
    start: async () => undefined,
    stop: async () => undefined,
    holding: () => state.holding,
    current: () => state.current,
    changed: (ms) => new Promise((done) => { waiters.push(done); setTimeout(done, ms); }),
    connected: () => true,
  };
  const change = (next: typeof state) => {
    Object.assign(state, { holding: undefined, current: undefined }, next);
    const woken = waiters;
    waiters = [];
    for (const waiter of woken) waiter();
  };
  return { lease, change };
}
const term = (number: number, holder: string): WriterTerm => ({ term: number, holder, since: '2026-11-28T10:00:00.000Z' });

function choice(waitMs = 60_000, now: () => number = Date.now) {
  const { lease, change } = fakeLease();
  const logs: string[] = [];
  const elected = createElectedChoice({
    token: 't', self: SELF, answerWithinMs: 15_000, lease, waitMs, report: (line) => logs.push(line), now,
  });
  return { elected, change, logs };
}

describe('the writer PostgreSQL names', () => {
  it('is this replica while it holds the lock, else the holder PostgreSQL names; the status says which, since when, in which term', async () => {
    const { elected, change } = choice();
    change({ holding: 4, current: term(4, SELF) });
    expect(await elected.next()).toBe(SELF);
    expect(elected.status()).toMatchObject({
      chosenBy: 'postgresql', elected: { writer: SELF, since: '2026-11-28T10:00:00.000Z', term: 4, self: true, connected: true },
    });
    change({ current: term(5, OTHER) });
    expect(await elected.next()).toBe(OTHER);
    expect(elected.status().elected).toMatchObject({ writer: OTHER, term: 5, self: false });
  });

  it('makes a write wait while no writer is named, and sends it to the one named next', async () => {
    const { elected, change } = choice();
    const next = elected.next();
    change({ current: term(2, OTHER) });
    expect(await next).toBe(OTHER);
  });

  it('answers undefined (the write is answered 503) when none is named within the wait', async () => {
    const { elected } = choice(50);
    expect(await elected.next()).toBeUndefined();
  });

  it('tries a named writer that refused the connection again after a second in the same term (restarted, it took the lock before it listened)', async () => {
    let clock = 1_000_000;
    const { elected, change } = choice(60_000, () => clock);
    change({ current: term(2, OTHER) });
    elected.down(OTHER);
    expect(elected.status().down).toEqual([{ url: OTHER, until: new Date(clock + RETRY_REFUSED_MS).toISOString() }]);
    const next = elected.next();
    clock += RETRY_REFUSED_MS - 1;
    change({ current: term(2, OTHER) });
    clock += 1;
    // (Passed over for the whole term, it would still be waiting: the fake clock never reaches the wait's end.)
    const waited = new Promise((resolve) => { setTimeout(() => resolve('still waiting'), 2_000).unref(); });
    expect(await Promise.race([next, waited])).toBe(OTHER);
    expect(elected.status().down).toEqual([]);
  });

  it('passes over a named writer that refused the connection until PostgreSQL names another term, even on the same URL', async () => {
    const { elected, change } = choice();
    change({ current: term(2, OTHER) });
    elected.down(OTHER);
    expect(elected.status().down).toEqual([{ url: OTHER, until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    const next = elected.next();
    change({ current: term(3, THIRD) });
    expect(await next).toBe(THIRD);
    change({ current: term(4, OTHER) });
    expect(await elected.next()).toBe(OTHER);
    expect(elected.status().down).toEqual([]);
  });

  it('lets a server write only while it holds the lock, and refuses to acknowledge a write once the lock was lost', () => {
    const { elected, change } = choice();
    // Before `start` (the CLI in a replica's folder), writes are made as without an election.
    expect(elected.beginWrite()).toBeUndefined();
    expect(elected.mayWrite()).toBe(true);
    void elected.start();
    change({ current: term(2, OTHER) });
    expect(elected.mayWrite()).toBe(false);
    expect(() => elected.beginWrite()).toThrow(ServiceUnavailableError);
    change({ holding: 3, current: term(3, SELF) });
    const held = elected.beginWrite();
    expect(held).toBe(3);
    expect(() => elected.endWrite(held)).not.toThrow();
    // Lost and taken again: a new term, so the write begun under the old one is not acknowledged.
    change({ holding: 5, current: term(5, SELF) });
    expect(() => elected.endWrite(held)).toThrow(/lost the writer lock in PostgreSQL while writing: the write may or may not have been made/);
  });
});

describe('PostgreSQL older than 14 (no idle_session_timeout)', () => {
  const options = (version: () => Promise<number>, logs: string[]) => ({
    self: OTHER, peers: [SELF, THIRD], token: 't', forwardWrites: true, pushTimeoutMs: 10_000,
    stateUrl: 'postgres://nowhere.invalid/cms', postgresVersion: version, report: (line: string) => logs.push(line),
  });

  it('says so in one line and chooses the writer by URL order, never asking for the writer lock', async () => {
    const logs: string[] = [];
    const choice = createWriterChoice(options(async () => 130_011, logs))!;
    expect(choice.chosenBy).toBe('postgresql');
    await choice.start();
    expect(logs).toEqual([
      'git: the writer election needs PostgreSQL 14 or later; found 13.11 (server_version_num 130011): '
        + 'the writer is chosen by URL order instead',
    ]);
    expect(choice.chosenBy).toBe('url-order');
    expect(choice.status()).toMatchObject({ chosenBy: 'url-order', elected: null });
    expect(await choice.next()).toBe(SELF);
    expect(choice.mayWrite()).toBe(true);
    expect(choice.beginWrite()).toBeUndefined();
    await choice.stop();
  });

  it('PostgreSQL 14 (or a server that cannot be asked yet) keeps the election', async () => {
    for (const version of [async () => 140_000, async () => { throw new Error('connection refused'); }]) {
      const { lease, change } = fakeLease();
      let started = 0;
      const logs: string[] = [];
      const elected = createElectedChoice({
        token: 't', self: SELF, answerWithinMs: 15_000, lease: { ...lease, start: async () => { started++; } }, waitMs: 60_000,
        report: (line) => logs.push(line),
      });
      const byUrl = createWriterChoice({
        self: SELF, peers: [OTHER], token: 't', forwardWrites: true, pushTimeoutMs: 10_000, report: () => {},
      })!;
      const choice = electedUnlessTooOld(elected, byUrl, { version, report: (line) => logs.push(line) });
      await choice.start();
      expect(started).toBe(1);
      expect(choice.chosenBy).toBe('postgresql');
      change({ current: term(3, OTHER) });
      expect(await choice.next()).toBe(OTHER);
      expect(() => choice.beginWrite()).toThrow(ServiceUnavailableError);
      expect(logs).toEqual([]);
    }
  });
});
