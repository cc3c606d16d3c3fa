import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startApp, type TestServer } from '../helpers/project.js';

/** Every read example in the README (`curl … 'http://localhost:1337/api/…'`), run against the sample site. */
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const examples = [...readme.matchAll(/^curl (?:-g )?(?:-H '([^']+)' )?'http:\/\/localhost:1337(\/api\/[^']+)'$/gm)].map((match) => ({
  header: match[1],
  path: match[2],
}));

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

describe('README read examples answer what they say', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(25);
  });

  it.each(examples)('$path answers 200 with data', async ({ path, header }) => {
    const headers: Record<string, string> = {};
    if (header) {
      const [name, value] = header.split(': ');
      headers[name] = value;
    }
    const { status, body } = await server.getJson(path, { headers });
    expect(status, JSON.stringify(body)).toBe(200);
    // Plugin routes such as /api/i18n/locales answer a bare array, as Strapi's do.
    if (Array.isArray(body)) {
      expect(body.length).toBeGreaterThan(0);
      return;
    }
    expect(body.data).toBeTruthy();
    if (Array.isArray(body.data)) {
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta.pagination).toBeDefined();
    }
  });
});
