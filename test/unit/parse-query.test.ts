import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { parseQueryString } from '../../core/strapi/parse-query.js';

/**
 * The query-string parser, as Strapi's query middleware configures qs
 * (`packages/core/core/src/middlewares/query.ts`: strictNullHandling, arrayLimit 100, depth 20; notes §3.1).
 */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('parseQueryString (Strapi: notes §3.1 qs settings)', () => {
  it.each([
    ['a plain key', 'sort=title:desc', { sort: 'title:desc' }],
    ['a leading ?', '?sort=title', { sort: 'title' }],
    ['nested brackets', 'filters[title][$eq]=Hi', { filters: { title: { $eq: 'Hi' } } }],
    ['indexed lists', 'populate[0]=author&populate[1]=tags', { populate: ['author', 'tags'] }],
    ['empty brackets append', 'fields[]=title&fields[]=slug', { fields: ['title', 'slug'] }],
    ['a repeated key becomes a list', 'sort=title&sort=slug', { sort: ['title', 'slug'] }],
    ['objects inside lists', 'filters[$or][0][views][$eq]=0&filters[$or][1][title][$eq]=x',
      { filters: { $or: [{ views: { $eq: '0' } }, { title: { $eq: 'x' } }] } }],
    ['values stay strings', 'pagination[page]=2&pagination[withCount]=false', { pagination: { page: '2', withCount: 'false' } }],
    ['percent-encoding is decoded', 'filters[title][$eq]=caf%C3%A9%20%26%20co', { filters: { title: { $eq: 'café & co' } } }],
    ['+ is a space', 'filters[title][$eq]=a+b', { filters: { title: { $eq: 'a b' } } }],
    ['encoded brackets work', 'filters%5Btitle%5D%5B%24eq%5D=x', { filters: { title: { $eq: 'x' } } }],
    ['dots are not nesting (bracket syntax only)', 'filters.title=x', { 'filters.title': 'x' }],
    ['an empty value is an empty string', 'locale=', { locale: '' }],
    ['an empty query', '', {}],
  ])('parses %s', (_name, search, expected) => {
    expect(plain(parseQueryString(search))).toEqual(expected);
  });

  it('strictNullHandling: a key without = is null, not an empty string', () => {
    const parsed = parseQueryString('filters[title][$null]&status=');
    expect((parsed.filters as any).title.$null).toBeNull();
    expect(parsed.status).toBe('');
  });

  it.each([
    ['index 99 stays a list', 'ids[99]=x', ['x']],
    ['index 101 (beyond arrayLimit 100) becomes an object', 'ids[101]=x', { 101: 'x' }],
  ])('arrayLimit: %s', (_name, search, expected) => {
    expect(plain(parseQueryString(search).ids)).toEqual(expected);
  });

  it('arrayLimit: more than 100 appended items become an object with numeric keys', () => {
    const search = Array.from({ length: 102 }, (_, i) => `ids[]=${i}`).join('&');
    const ids = parseQueryString(search).ids as Record<string, string>;
    expect(Array.isArray(ids)).toBe(false);
    expect(Object.keys(ids)).toHaveLength(102);
    expect(ids['101']).toBe('101');
  });

  it('depth 20: deeper brackets are kept as one literal key', () => {
    const deep = `a${'[b]'.repeat(22)}=x`;
    let node: any = parseQueryString(deep).a;
    for (let level = 0; level < 20; level++) node = node.b;
    expect(node).toEqual({ '[b][b]': 'x' });
  });

  it('parameterLimit: only the first 1000 parameters are read', () => {
    const search = Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join('&');
    const parsed = parseQueryString(search);
    expect(parsed.k999).toBe('999');
    expect(parsed.k1000).toBeUndefined();
  });

  it('returns objects without a prototype', () => {
    const parsed = parseQueryString('filters[title][$eq]=x');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.filters)).toBeNull();
    expect(Object.getPrototypeOf((parsed.filters as any).title)).toBeNull();
  });

  // Strapi: qs with allowPrototypes:false drops any parameter whose key path names an
  // Object.prototype property; STYLE adds `prototype`. Either way these never reach an object.
  it.each([
    ['__proto__ at the root', '__proto__[polluted]=yes'],
    ['__proto__ nested', 'filters[__proto__][polluted]=yes'],
    ['constructor at the root', 'constructor[prototype][polluted]=yes'],
    ['constructor nested', 'filters[constructor][$eq]=yes'],
    ['constructor deep', 'filters[title][constructor]=yes'],
    ['prototype nested', 'filters[prototype][$eq]=yes'],
    ['toString nested', 'filters[toString]=yes'],
    ['encoded __proto__', 'filters%5B__proto__%5D%5Bpolluted%5D=yes'],
  ])('drops %s and keeps the other parameters', (_name, search) => {
    const parsed = parseQueryString(`${search}&sort=title`);
    expect(plain(parsed)).toEqual({ sort: 'title', ...('filters' in parsed ? { filters: {} } : {}) });
    expect(JSON.stringify(parsed)).not.toContain('yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// A query without bracket syntax is parsed without loading qs (issue 39: qs and its forty modules were a tenth of a CLI
// start); it must answer exactly what qs, as Strapi configures it, answers.
describe('parseQueryString without brackets answers as qs does', () => {
  const STRAPI_QS = { ignoreQueryPrefix: true, strictNullHandling: true, arrayLimit: 100, depth: 20, parameterLimit: 1000 };
  const byQs = (search: string) => {
    const parsed = qs.parse(search, STRAPI_QS) as Record<string, unknown>;
    delete parsed.prototype;
    return parsed;
  };
  it.each([
    'populate=*', '?populate=*&locale=fr', 'sort=title:desc&fields=title,slug', 'status', 'status&locale=', '&&populate=*&',
    '=x&populate=*', 'a+b=c+d', 'q=caf%C3%A9%20%26%20co', 'q=%E0%A4%A', 'q=%zz&r=%', 'toString=1&sort=x', 'hasOwnProperty&sort=x',
    '__proto__=1&sort=x', 'constructor=1&prototype=2&sort=x', 'sort=a&sort=b', 'sort=a&sort', '0=a&1=b&x=c', 'a.b=c', 'q=%255B',
    'q=a=b=c', Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join('&'), Array.from({ length: 1000 }, (_, i) => `k${i}`).join('&'),
  ])('%s', (search) => {
    const parsed = parseQueryString(search);
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(plain(parsed)).toEqual(plain(byQs(search)));
  });

  it('on every query of up to three pairs built from tricky pieces', () => {
    const pieces = ['a', 'a=', 'a=1', 'b=%20+', '', '=', 'c=%', 'toString', 'x=%C3%A9', 'a=2'];
    for (const one of pieces) for (const two of pieces) for (const three of pieces) {
      const search = [one, two, three].join('&');
      expect(plain(parseQueryString(search)), search).toEqual(plain(byQs(search)));
    }
  });
});
