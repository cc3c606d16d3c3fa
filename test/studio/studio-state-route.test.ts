import { beforeAll, describe, expect, it } from 'vitest';
import { fieldRules } from '../../core/schema/field-rules.js';
import { ruleErrors } from '../../core/schema/scalar-rules.js';
import type { Attribute } from '../../core/schema/types.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp, type TestServer } from '../helpers/project.js';

// What the studio reads from the core to show the state of things and speak plainly: the
// publication state of documents, and each field's rules in an editor's words.
const PIZZA = 'epw01z20kac98v6t19d3eer8'; // en published; fr published with a newer fr draft
const DRAFT_ONLY = 'a6lq8hv931vnhq1mwjzx78jv'; // never published
const NORWAY = 'leo9mpmgjqi9e4y3lvswznjb'; // en and fr, both published

let site: TestServer;
let token: string;
beforeAll(async () => {
  site = await startApp(copySampleSite(), { env: TEST_ENV });
  token = (await site.cms.auth.tokens.create({ name: 'studio', type: 'read-only' })).accessKey;
});
const get = (path: string, key = token) => site.request(path, { headers: key ? { authorization: `Bearer ${key}` } : {} });

describe('GET /admin/api/publication', () => {
  it('answers Draft / Published / Modified per document and locale', async () => {
    const response = await get(`/admin/api/publication?type=articles&ids=${PIZZA},${DRAFT_ONLY},${NORWAY},nosuchdocument`);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      [PIZZA]: { en: 'published', fr: 'modified' },
      [DRAFT_ONLY]: { en: 'draft' },
      [NORWAY]: { en: 'published', fr: 'published' },
    });
  });

  it('answers a single type without ids, and only the locales of a type without draft & publish', async () => {
    expect(Object.values((await (await get('/admin/api/publication?type=about')).json()).data)).toHaveLength(1);
    expect((await (await get('/admin/api/publication?type=tags&ids=b2hjgyg2kdh9a72boali13fe')).json()).data)
      .toEqual({ b2hjgyg2kdh9a72boali13fe: { '': null } });
  });

  it.each([
    ['the Public role', '/admin/api/publication?type=articles&ids=x', '', 403],
    ['an unknown type', '/admin/api/publication?type=nope&ids=x', undefined, 404],
  ])('refuses %s', async (_case, path, key, status) => {
    expect((await get(path, key)).status).toBe(status);
  });
});

describe('the rule table the studio checks forms with', () => {
  it.each([
    [{ type: 'string', required: true }, [['required', 'Required'], ['maxLength', 'At most 255 characters']]],
    [{ type: 'text', maxLength: 80 }, [['maxLength', 'At most 80 characters']]],
    [{ type: 'email' }, [['pattern', 'Must be a valid email']]],
    [{ type: 'integer', min: 1, max: 5 }, [['integer', 'Must be a whole number'], ['min', 'At least 1'], ['max', 'At most 5']]],
    [{ type: 'component', repeatable: true, component: 'a.b', min: 1, max: 2 },
      [['minItems', 'At least 1 entry'], ['maxItems', 'At most 2 entries']]],
    [{ type: 'string', minLength: 3, maxLength: 10 }, [['minLength', 'At least 3 characters'], ['maxLength', 'At most 10 characters']]],
  ] as Array<[Attribute, string[][]]>)('%o → %o', (attribute, expected) => {
    expect(fieldRules(attribute).map(({ rule, message }) => [rule, message])).toEqual(expected);
  });

  it('the limits are the validator\'s: a text one over the maxLength the table names is refused by the server with its yup message', () => {
    const attribute: Attribute = { type: 'string' };
    const limit = fieldRules(attribute).find((rule) => rule.rule === 'maxLength')!.limit!;
    expect(ruleErrors('x'.repeat(limit), attribute, 'title', true)).toEqual([]);
    expect(ruleErrors('x'.repeat(limit + 1), attribute, 'title', true)).toEqual([`title must be at most ${limit} characters`]);
  });

  it('the schemas route hands each attribute its rules', async () => {
    const schemas = await (await get('/admin/api/schemas')).json();
    const article = schemas.data.find((model: { uid: string }) => model.uid === 'api::article.article');
    const description = article.attributes.find((attribute: { name: string }) => attribute.name === 'description');
    expect(description.rules).toEqual([{ rule: 'maxLength', limit: 80, constraint: false, message: 'At most 80 characters' }]);
  });
});
