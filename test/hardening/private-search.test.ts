import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { serve, type RunningServer } from '../../core/http/serve.js';
import { copySampleSite } from '../helpers/project.js';

/**
 * Issue 28, finding 4: `_q` searched private fields, so anyone who may `find` a type (the Public role
 * on the sample site) learnt a private value substring by substring. Project choice: private and
 * password fields are never searched. Over a real socket, as the Public role.
 */

const DAVID = 'g5nep3nk2vklh3r9oo6o7oju'; // secretNote: Prefers to be paid in coffee

let server: RunningServer;
let base = '';

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const cms = await createCms({ root: copySampleSite(), watch: false, report: () => {} });
  server = await serve(cms, { port, host: '127.0.0.1', showURL: false });
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => server?.close());

const search = async (term: string) => {
  const answer = await fetch(`${base}/api/authors?fields[0]=name&_q=${encodeURIComponent(term)}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { documentId: string }[] }).data.map((author) => author.documentId);
};

describe('_q as the Public role', () => {
  it('never matches a private field, whatever substring of it is searched', async () => {
    for (const term of ['Prefers to be paid', 'paid in coffee', 'refers']) expect([term, await search(term)]).toEqual([term, []]);
  });

  it('still matches the visible fields of the same document', async () => {
    expect(await search('daviddoe@strapi')).toEqual([DAVID]);
    expect(await search('David Doe')).toEqual([DAVID]);
  });
});
