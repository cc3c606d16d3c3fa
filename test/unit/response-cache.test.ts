import { describe, expect, it } from 'vitest';
import { freshness, isFresh, ResponseCache } from '../../core/http/response-cache.js';

const owner = { versionOf: () => 1, publishedVersionOf: () => 1, version: 1 };
const answer = (text: string) => ({ status: 200, headers: { 'content-length': String(text.length) }, body: Buffer.from(text) });

describe('the answer cache keeps what is read: a full cache evicts the oldest answer not read since it was stored', () => {
  it('an answer read since it was stored survives; the oldest unread one goes', () => {
    const cache = new ResponseCache(2);
    cache.set('a', freshness(owner, []), answer('A'));
    cache.set('b', freshness(owner, []), answer('B'));
    expect(cache.get('a', owner)?.body.toString()).toBe('A');
    cache.set('c', freshness(owner, []), answer('C'));
    expect(cache.get('b', owner)).toBeUndefined();
    expect(cache.get('a', owner)?.body.toString()).toBe('A');
    expect(cache.get('c', owner)?.body.toString()).toBe('C');
  });

  it('when every answer was read, the oldest goes after one pass (no endless reordering)', () => {
    const cache = new ResponseCache(2);
    cache.set('a', freshness(owner, []), answer('A'));
    cache.set('b', freshness(owner, []), answer('B'));
    cache.get('a', owner);
    cache.get('b', owner);
    cache.set('c', freshness(owner, []), answer('C'));
    expect([cache.get('a', owner), cache.get('b', owner), cache.get('c', owner)].filter(Boolean)).toHaveLength(2);
    expect(cache.get('c', owner)).toBeDefined();
  });

  it('the byte budget evicts as the entry count does', () => {
    const cache = new ResponseCache(100, 64);
    cache.set('a', freshness(owner, []), answer('x'.repeat(3)));
    cache.set('b', freshness(owner, []), answer('y'.repeat(3)));
    cache.get('a', owner);
    cache.set('c', freshness(owner, []), answer('z'.repeat(3)));
    // 9 bytes fit in 64: nothing goes.
    expect(['a', 'b', 'c'].map((key) => cache.get(key, owner)?.body.length)).toEqual([3, 3, 3]);
  });
});

describe('an answer held by its caller is had again only while it is the one kept, and fresh', () => {
  it('a held answer replaced, evicted or stale is never had again: the key is looked up instead', () => {
    let version = 1;
    const moving = { versionOf: () => version, publishedVersionOf: () => version, get version() { return version; } };
    const cache = new ResponseCache(2);
    cache.set('a', freshness(moving, ['t']), answer('A'));
    const held = cache.get('a', moving);
    expect(cache.again(held, 'a', moving)?.body.toString()).toBe('A');
    // Replaced under its key: the new answer, not the held one.
    cache.set('a', freshness(moving, ['t']), answer('A2'));
    expect(cache.again(held, 'a', moving)?.body.toString()).toBe('A2');
    // Stale: its type moved, so nothing (and the key no longer holds it).
    const current = cache.get('a', moving);
    version = 2;
    expect(cache.again(current, 'a', moving)).toBeUndefined();
    expect(cache.get('a', moving)).toBeUndefined();
    // Evicted: a full cache dropped it (its second chance spent), so a held copy is not answered.
    cache.set('b', freshness(moving, ['t']), answer('B'));
    const b = cache.get('b', moving);
    for (const key of ['c', 'd', 'e', 'f']) cache.set(key, freshness(moving, ['t']), answer(key));
    expect(cache.again(b, 'b', moving)).toBeUndefined();
    expect(cache.get('b', moving)).toBeUndefined();
  });
});

describe('an answer is fresh while its owner changed nothing, and after a change while no type it read changed', () => {
  /** An index of per-type versions whose own version counts every change. */
  function versions() {
    const byType = new Map<string, number>();
    let changes = 0;
    let asked = 0;
    return {
      versionOf: (uid: string) => { asked++; return byType.get(uid) ?? 0; },
      publishedVersionOf: (uid: string) => { asked++; return byType.get(uid) ?? 0; },
      get version() { return changes; },
      change: (uid: string) => { byType.set(uid, (byType.get(uid) ?? 0) + 1); changes++; },
      asked: () => asked,
    };
  }

  it('looks at no type while nothing changed, sees a change of a type read after changes of others', () => {
    const index = versions();
    const from = freshness(index, ['article', 'author']);
    const before = index.asked();
    expect(isFresh(from, index)).toBe(true);
    expect(index.asked()).toBe(before);
    index.change('tag');
    expect(isFresh(from, index)).toBe(true);
    // The change of `tag` was seen: no type is looked at again until the next change.
    const seen = index.asked();
    expect(isFresh(from, index)).toBe(true);
    expect(index.asked()).toBe(seen);
    index.change('author');
    expect(isFresh(from, index)).toBe(false);
    expect(isFresh(from, index)).toBe(false);
    expect(isFresh(from, versions())).toBe(false);
  });
});
