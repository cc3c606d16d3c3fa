// The catalogues' own rules, checked where the recorder checks them (`checkIds`), so a case that breaks one fails
// the suite before anyone records it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module shared with the recorder
import { checkIds } from './catalogue/index.mjs';

const SETS = ['.', 'foodadvisor', 'graphql'];

describe('conformance catalogues', () => {
  it.each(SETS)('%s: case ids are unique and no search term can occur inside a random documentId', async (set) => {
    const catalogue = await import(join(import.meta.dirname, set, 'catalogue', 'index.mjs'));
    expect(catalogue.checkIds()).toBeGreaterThan(0);
  });

  it('refuses a short search term made of documentId characters, any case, on a content type', () => {
    const one = (path: string) => [['group', [{ id: 'case', method: 'GET', path }]]];
    expect(() => checkIds(one('/api/kitchens/abc?fields[0]=title&_q=ZzZ'))).toThrow('the search term "ZzZ" can occur inside a random documentId');
    expect(() => checkIds(one('/api/homepage?_q=k1'))).toThrow('"k1"');
    expect(() => checkIds(one('/api/kitchens?_q=300'))).toThrow('"300"');
    expect(() => checkIds(one('/api/upload/files?_q=Tiny'))).toThrow('"Tiny"');
  });

  it('lets through a term no documentId holds, a long word and a users search', () => {
    const one = (path: string) => [['group', [{ id: 'case', method: 'GET', path }]]];
    for (const path of ['/api/kitchens?_q=zz-zz', '/api/kitchens?_q=gamma', '/api/kitchens?_q=coffee', '/api/users?_q=ada', '/api/kitchens?_q='])
      expect(checkIds(one(path))).toBe(1);
  });

  it('refuses a case id used twice', () => {
    const get = { id: 'same', method: 'GET', path: '/api/kitchens' };
    expect(() => checkIds([['a', [get]], ['b', [get]]])).toThrow('duplicate case id same');
  });
});
