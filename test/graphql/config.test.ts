import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { makeProject, startApp } from '../helpers/project.js';

const TAG = {
  kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' },
  options: { draftAndPublish: false }, attributes: { name: { type: 'string' } },
};
const project = (graphql: unknown) => makeProject({
  'schemas/tag.json': TAG,
  'cms.config.json': { permissions: { public: { tags: ['find'] } }, ...(graphql === undefined ? {} : { graphql }) },
});
const query = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ tags { name } }' }) };

describe('the graphql config key', () => {
  it('serves nothing at /graphql unless enabled, as a Strapi project without the plugin', async () => {
    const site = await startApp(project(undefined));
    try {
      expect((await site.request('/graphql', query)).status).toBe(404);
    } finally {
      await site.cms.close();
    }
  });

  it('serves the plugin at its configured endpoint, and its defaultLimit bounds a list without pagination', async () => {
    const site = await startApp(project({ enabled: true, endpoint: '/gql', defaultLimit: 1 }));
    try {
      for (const name of ['a', 'b']) await site.cms.documents('api::tag.tag').create({ data: { name } });
      const response = await site.request('/gql', query);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { tags: [{ name: 'a' }] } });
      expect((await site.request('/graphql', query)).status).toBe(404);
    } finally {
      await site.cms.close();
    }
  });

  it.each([
    [{ enabled: 'yes' }, 'graphql.enabled must be true or false'],
    [{ endpoint: 'graphql' }, 'graphql.endpoint must be a path such as "/graphql"'],
    [{ endpoint: '/api/graphql' }, 'graphql.endpoint "/api/graphql" is inside the API prefix'],
    [{ maxLimit: 0 }, 'graphql.maxLimit must be a positive integer, or -1 for no bound'],
    [{ depthLimit: -2 }, 'graphql.depthLimit must be a positive integer'],
    [{ landingPage: true }, 'graphql.landingPage must be false'],
    [{ depthlimit: 3 }, 'graphql.depthlimit is not a known setting (did you mean "depthLimit"?)'],
  ])('refuses %j: %s', async (graphql, message) => {
    await expect(createCms({ root: project(graphql) })).rejects.toThrow(message);
  });
});
