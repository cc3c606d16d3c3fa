// A branch write's webhooks name the branch and carry the entry as the branch reads it; a base write's payload stays Strapi's.
import { describe, expect, it, vi } from 'vitest';
import { startApp } from '../helpers/project.js';
import { editJson, eventually, git, initRepo, writableSample } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

describe('webhooks of branch writes', () => {
  it('entry.create of a Cms-Branch POST carries "branch" and the branch\'s entry; the base\'s payload has no such key', async () => {
    const root = writableSample();
    editJson(root, 'cms.config.json', (config) => { config.webhooks = [{ url: 'https://hooks.example.org/cms' }]; });
    initRepo(root);
    git(root, 'branch', 'spring');
    const bodies: any[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    const server = await startApp(root, { webhooks: { retryDelays: [5], fetch }, report: () => {} });

    const onBranch = await server.sendJson('POST', '/api/tags', { data: { name: 'Spring tag' } }, { 'cms-branch': 'spring' });
    expect(onBranch.status).toBe(201);
    await eventually(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ event: 'entry.create', uid: 'api::tag.tag', branch: 'spring' });
    expect(bodies[0].entry).toEqual({ ...onBranch.body.data, articles: [] }); // populated as Strapi's (test/webhooks)

    const onBase = await server.sendJson('POST', '/api/tags', { data: { name: 'Base tag' } });
    await eventually(() => expect(bodies).toHaveLength(2));
    expect(Object.keys(bodies[1]).sort()).toEqual(['createdAt', 'entry', 'event', 'model', 'uid']);
    expect(bodies[1].entry).toEqual({ ...onBase.body.data, articles: [] });
  });
});
