// test/extensions/bootstrap: a project whose bootstrap grants the Public role through the users-permissions tables and
// seeds through strapi.db.query and strapi.entityService, with a lifecycle reading strapi.requestContext and a service
// asking the i18n locales service. Replays what the real Strapi 5.54 answered with the same src/ (record.mjs --set
// bootstrap), and checks that the grants are kept in cms.config.json, so a restart finds them.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayProject, startProject, type Answer, type Recorded } from './replay-project.js';

const HERE = import.meta.dirname;
const recording: { cases: Recorded[] } = JSON.parse(readFileSync(join(HERE, 'bootstrap', 'recording.json'), 'utf8'));
const logged: string[] = [];
let answers = new Map<string, Answer>();
let root = '';

beforeAll(async () => {
  ({ answers, root } = await replayProject(join(HERE, 'bootstrap'), recording.cases, logged));
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('bootstrap, lifecycle and service code of real projects answers as in the real Strapi 5.54', () => {
  it.each(recording.cases.map((recorded) => [recorded.id, recorded] as const))('%s', (id, recorded) => {
    expect({ id, ...answers.get(id) }).toEqual({ id, ...recorded.response });
  });
});

const publicGrants = () => JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8')).permissions.public;

it('keeps the permissions bootstrap and the role service granted in cms.config.json, without the one a row delete revoked', () => {
  expect(publicGrants()).toEqual({
    'api::article.article': ['find', 'findOne'],
    'api::category.category': ['find', 'findOne'],
    'api::review.review': ['create'],
  });
  expect(logged).toContain('[info] bootstrap project ready');
});

it('starts again on the same project: bootstrap finds its grants (granting again only the revoked one) and seeds nothing twice', async () => {
  const { cms } = await startProject(root, logged);
  expect(publicGrants()).toEqual({
    'api::article.article': ['find', 'findOne'],
    'api::category.category': ['find', 'findOne'],
    'api::review.review': ['create', 'find'],
  });
  expect(await cms.documents('api::category.category').count()).toBe(2);
  await cms.close();
});
