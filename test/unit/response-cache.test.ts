import { describe, expect, it } from 'vitest';
import { freshness, ResponseCache } from '../../core/http/response-cache.js';

const owner = { versionOf: () => 1 };
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
