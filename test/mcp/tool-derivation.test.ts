import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentTypeTools, deriveContentTools, slugifyUidForMcpToolName } from '../../core/mcp/content-tools.js';
import { dataSchema } from '../../core/mcp/data-schema.js';
import { strapiAttributes, writableKeys } from '../../core/mcp/model-attributes.js';
import { localeSchema, sortSchema } from '../../core/mcp/query-schemas.js';
import type { Model } from '../../core/schema/types.js';

const model = (uid: string, kind: Model['kind'], attributes: Model['attributes'], more: Partial<Model> = {}): Model => ({
  uid, modelType: kind === 'component' ? 'component' : 'contentType', kind, singularName: uid.split('.').pop()!,
  pluralName: `${uid.split('.').pop()}s`, displayName: 'X', draftAndPublish: false, localized: false, attributes,
  attributeNames: Object.keys(attributes), file: 'x.json', ...more,
});
const SEO = model('shared.seo', 'component', { metaTitle: { type: 'string', required: true } });
const PAGE = model('api::page.page', 'collectionType', {
  title: { type: 'string' }, secret: { type: 'string', private: true }, seo: { type: 'component', component: 'shared.seo' },
  body: { type: 'blocks' }, tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
}, { draftAndPublish: true, localized: true });
const HOME = model('api::home.home', 'singleType', { heading: { type: 'string' } });
const models = new Map([[SEO.uid, SEO], [PAGE.uid, PAGE], [HOME.uid, HOME]]);
const site = { locales: ['en', 'fr'], defaultLocale: 'en' };
const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as any;

describe('tool derivation, as Strapi 5.54 derives content-type MCP tools', () => {
  it('slugifies uids as Strapi does', () => {
    expect(slugifyUidForMcpToolName('api::article.article')).toBe('article');
    expect(slugifyUidForMcpToolName('api::writer.editor')).toBe('writer_editor');
    expect(slugifyUidForMcpToolName('plugin::i18n.locale')).toBe('plugin-i18n_locale');
  });

  it('a collection type with draft & publish has eight tools, a single type its three; components and plugins have none', () => {
    expect(deriveContentTools(models).map((tool) => tool.name)).toEqual([
      'list_page', 'get_page', 'create_page', 'update_page', 'delete_page', 'publish_page', 'unpublish_page', 'discard_page_draft',
      'get_home', 'write_home', 'delete_home',
    ]);
    const write = contentTypeTools(HOME, models).find((tool) => tool.name === 'write_home')!;
    expect(write.auth!.policies.map((policy) => policy.action))
      .toEqual(['plugin::content-manager.explorer.create', 'plugin::content-manager.explorer.update']);
    expect(write.restActions).toEqual(['create', 'update']);
    expect(write.description).toBe('Content-manager write for api::home.home. Creates or updates the single-type document. '
      + 'If no document exists, creates one; otherwise updates the existing draft.');
  });

  it('the Content Manager\'s model attributes: id, the schema\'s, timestamps, creator fields, documentId', () => {
    expect(Object.keys(strapiAttributes(PAGE))).toEqual(['id', 'title', 'secret', 'seo', 'body', 'tags', 'createdAt', 'updatedAt',
      'createdBy', 'updatedBy', 'documentId']);
    expect(writableKeys(strapiAttributes(PAGE))).toEqual(['title', 'seo', 'body', 'tags']);
    expect(writableKeys(strapiAttributes(HOME))).toEqual(['heading']);
  });

  it('data is strict, leaves private fields out, nests components strictly and takes relations by documentId', () => {
    const data = dataSchema(models, strapiAttributes(PAGE), null);
    expect(data.safeParse({ title: 'a', seo: { metaTitle: 'm' }, tags: { connect: ['abc'] } }).success).toBe(true);
    expect(data.safeParse({ secret: 'x' }).success).toBe(false);
    expect(data.safeParse({ seo: { metaTitle: 'm', extra: 1 } }).success).toBe(false);
    expect(data.safeParse({ tags: { set: ['a'], connect: ['b'] } }).success).toBe(false);
    expect(data.safeParse({ body: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }] }] }).success).toBe(true);
    expect(data.safeParse({ body: [{ type: 'paragraph', children: [] }] }).success).toBe(false);
    expect(dataSchema(models, strapiAttributes(PAGE), new Set(['title'])).safeParse({ seo: { metaTitle: 'm' } }).success).toBe(false);
  });

  it('locale: a plain string before locales are known (as Strapi derives), the site\'s locales with its default, a note, none', () => {
    expect(json(localeSchema([], null, true, null)).description).toBe('Locale code (e.g. "en", "fr"). Defaults to the default locale.');
    expect(json(localeSchema(site.locales, 'en', true, null))).toMatchObject({
      type: 'string', enum: ['en', 'fr'], default: 'en', description: 'Locale code. Available: en, fr. Defaults to "en".',
    });
    expect(json(localeSchema(site.locales, 'en', false, null)).description).toBe('This content type is not localized. Locale is ignored.');
    expect(json(localeSchema(site.locales, 'en', true, ['fr'])).description).toBe('Locale code. Permitted: fr. Defaults to the default locale.');
    expect(json(localeSchema(site.locales, 'en', true, [])).description).toBe('No locale access for this action.');
  });

  it('sort takes the scalar, non-private fields only (id and documentId too), in its four notations', () => {
    const sort = sortSchema(strapiAttributes(PAGE), null);
    for (const good of ['title:asc', ['title:asc', 'createdAt:desc'], { title: 'asc' }, [{ updatedAt: 'desc' }]]) {
      expect(sort.safeParse(good).success).toBe(true);
    }
    for (const bad of ['secret:asc', { seo: 'asc' }, [{ title: 'up' }]]) expect(sort.safeParse(bad).success).toBe(false);
    expect(json(sort).description).toBe('Sort expression. String: "field:asc". Array: ["field:asc"]. Object: { field: "asc" }. '
      + 'Valid fields: id, title, createdAt, updatedAt, documentId.');
  });
});
