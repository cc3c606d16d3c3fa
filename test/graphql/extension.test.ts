// strapi.plugin('graphql').service('extension') in a project's register(), through `cms serve` (the real CLI and port):
// shadowCRUD(uid).disable(), disableQueries(), disableMutations(), disableAction(name), field(name).disable(), and
// use({ typeDefs, resolvers, resolversConfig }); and what the service refuses, named at start-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/project.js';
import { serve } from '../extensions/serve-project.js';

const type = (singularName: string, pluralName: string, attributes: Record<string, unknown>, kind = 'collectionType') => ({
  kind, info: { singularName, pluralName, displayName: singularName }, options: { draftAndPublish: false }, attributes,
});
const SCHEMAS = {
  'schemas/api/tag/content-types/tag/schema.json': type('tag', 'tags', { name: { type: 'string' }, weight: { type: 'integer' } }),
  'schemas/api/note/content-types/note/schema.json': type('note', 'notes', { text: { type: 'string' } }),
  'schemas/api/memo/content-types/memo/schema.json': type('memo', 'memos', { text: { type: 'string' } }),
  'schemas/api/post/content-types/post/schema.json': type('post', 'posts', {
    title: { type: 'string' }, summary: { type: 'text' }, tags: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag' },
  }),
};
const CONFIG = {
  graphql: { enabled: true },
  permissions: { public: { 'api::tag.tag': ['find', 'create'], 'api::post.post': ['find', 'findOne', 'create'], 'api::memo.memo': ['find'] } },
};
const REGISTER = `'use strict';
module.exports = {
  register({ strapi }) {
    const extension = strapi.plugin('graphql').service('extension');
    extension.shadowCRUD('api::note.note').disable();
    extension.shadowCRUD('api::memo.memo').disableMutations();
    extension.shadowCRUD('api::tag.tag').disableAction('create').field('weight').disable();
    extension.shadowCRUD('api::post.post').disableQueries();
    extension.use(({ strapi }) => ({
      typeDefs: 'type Stats { posts: Int! } extend type Query { stats: Stats! secretStats: Stats! }',
      resolvers: {
        Query: {
          stats: { resolve: async () => ({ posts: (await strapi.documents('api::post.post').findMany()).length }) },
          secretStats: async () => ({ posts: -1 }),
        },
      },
      resolversConfig: { 'Query.stats': { auth: false }, 'Query.secretStats': { auth: { scope: ['api::post.post.update'] } } },
    }));
  },
};
`;

async function gql(base: string, query: string) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return { status: response.status, body: await response.json() as { data?: Record<string, unknown>; errors?: { message: string }[] } };
}

describe("a project's register() shapes the GraphQL schema through the plugin's extension service", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    site = await serve(makeProject({ ...SCHEMAS, 'cms.config.json': CONFIG, 'src/index.js': REGISTER }));
    expect(site.base, site.stderr()).toBeDefined();
  }, 120_000);
  afterAll(() => site?.stop());

  it('drops a disabled type with its queries, mutations and inputs', async () => {
    const { status, body } = await gql(site.base!, '{ notes { text } }');
    expect(status).toBe(400);
    expect(body.errors![0].message).toMatch(/^Cannot query field "notes" on type "Query"\./);
    expect((await gql(site.base!, 'mutation { createNote(data: { text: "x" }) { text } }')).body.errors![0].message)
      .toMatch(/^Cannot query field "createNote" on type "Mutation"\./);
  });

  it('keeps the queries of a type whose mutations are off, and drops those mutations', async () => {
    expect((await gql(site.base!, '{ memos { text } }')).body).toEqual({ data: { memos: [] } });
    expect((await gql(site.base!, 'mutation { createMemo(data: { text: "x" }) { text } }')).body.errors![0].message)
      .toMatch(/^Cannot query field "createMemo" on type "Mutation"\./);
  });

  it('drops one action and one field (from the output, the input and the filters), keeping the rest', async () => {
    expect((await gql(site.base!, 'mutation { createTag(data: { name: "x" }) { name } }')).body.errors![0].message)
      .toMatch(/^Cannot query field "createTag" on type "Mutation"\./);
    expect((await gql(site.base!, '{ tags { name weight } }')).body.errors![0].message).toMatch(/^Cannot query field "weight" on type "Tag"\./);
    expect((await gql(site.base!, '{ tags(filters: { weight: { eq: 1 } }) { name } }')).body.errors![0].message)
      .toBe('Field "weight" is not defined by type "TagFiltersInput".');
    expect((await gql(site.base!, '{ tags { name } }')).body).toEqual({ data: { tags: [] } });
  });

  it('drops the queries of a type whose queries are off, keeping its mutations', async () => {
    expect((await gql(site.base!, '{ posts { title } }')).body.errors![0].message).toMatch(/^Cannot query field "posts" on type "Query"\./);
    const created = await gql(site.base!, 'mutation { createPost(data: { title: "Hello" }) { title } }');
    expect(created.body).toEqual({ data: { createPost: { title: 'Hello' } } });
  });

  it("answers use()'s own fields with its resolvers, behind their resolversConfig", async () => {
    expect((await gql(site.base!, '{ stats { posts } }')).body).toEqual({ data: { stats: { posts: 1 } } });
    const refused = await gql(site.base!, '{ secretStats { posts } }');
    expect(refused.body.errors![0]).toMatchObject({ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } });
  });
});

describe('what the extension service refuses stops the start, naming it', () => {
  it.each([
    ['a content type the project lacks', "strapi.plugin('graphql').service('extension').shadowCRUD('api::nope.nope').disable();",
      "shadowCRUD('api::nope.nope') is not supported by gitcms (no such content type in this project)"],
    ['nexus types', "strapi.plugin('graphql').service('extension').use({ types: [] });",
      "the graphql extension's types is not supported by gitcms (typeDefs (SDL), resolvers and resolversConfig are)"],
    ['resolver policies', "strapi.plugin('graphql').service('extension').use({ resolversConfig: { 'Query.tags': { policies: ['x'] } } });",
      "resolversConfig['Query.tags'].policies is not supported by gitcms (auth is)"],
    ['an action the plugin does not have', "strapi.plugin('graphql').service('extension').shadowCRUD('api::tag.tag').disableAction('publish');",
      "disableAction('publish') is not supported by gitcms (the actions are find, findOne, create, update, delete)"],
  ])('%s', async (_name, line, expected) => {
    const code = `'use strict';\nmodule.exports = { register({ strapi }) {\n    ${line}\n  } };\n`;
    const site = await serve(makeProject({ ...SCHEMAS, 'cms.config.json': CONFIG, 'src/index.js': code }));
    await site.stop();
    expect(site.base).toBeUndefined();
    expect(site.code).not.toBe(0);
    expect(site.stderr()).toContain(expected);
  }, 120_000);
});
