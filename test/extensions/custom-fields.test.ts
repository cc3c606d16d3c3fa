// Custom fields (`"type": "customField"`): Strapi reads such an attribute as the type its plugin registered
// (strapi.customFields.register, core's convert-custom-field-type), so a schema using the color picker of Strapi's own
// @strapi/plugin-color-picker (a string) starts here as in Strapi, and a custom field nobody registered stops the
// start with Strapi's message, naming the schema file.
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { SchemaError } from '../../core/schema/registry.js';
import { makeProject, startApp } from '../helpers/project.js';

const BANNER = {
  kind: 'collectionType', info: { singularName: 'banner', pluralName: 'banners', displayName: 'Banner' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, bgColor: { type: 'customField', customField: 'plugin::color-picker.color', regex: '^#[0-9A-F]{6}$' } },
};
const config = { permissions: { public: { 'api::banner.banner': ['find', 'create'] } } };

describe('custom fields', () => {
  it('reads the color picker of @strapi/plugin-color-picker as the string Strapi registers it as: stored, filtered and validated', async () => {
    const root = makeProject({ 'schemas/api/banner/content-types/banner/schema.json': BANNER, 'cms.config.json': config });
    const server = await startApp(root, { report: () => {} });
    try {
      const made = await server.sendJson('POST', '/api/banners', { data: { title: 'Sale', bgColor: '#FF0000' } });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ title: 'Sale', bgColor: '#FF0000' });
      const found = await server.getJson('/api/banners?filters[bgColor][$startsWith]=%23FF&fields[0]=bgColor');
      expect(found.body.data.map((row: { bgColor: string }) => row.bgColor)).toEqual(['#FF0000']);
      // the attribute's own rules hold as for any string: the regex here
      const refused = await server.sendJson('POST', '/api/banners', { data: { bgColor: 'red' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.errors[0].path).toEqual(['bgColor']);
      expect(server.cms.models.get('api::banner.banner')!.attributes.bgColor).toMatchObject({ type: 'string', customField: 'plugin::color-picker.color' });
    } finally {
      await server.cms.close();
    }
  });

  it('stops the start on a custom field no plugin known here registers, with Strapi\'s message at the schema file', async () => {
    const unknown = { ...BANNER, attributes: { body: { type: 'customField', customField: 'plugin::ckeditor5.CKEditor' } } };
    const root = makeProject({ 'schemas/api/banner/content-types/banner/schema.json': unknown });
    const error = await createCms({ root, report: () => {} }).then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).problems.map((problem) => problem.format())).toEqual([
      'schemas/api/banner/content-types/banner/schema.json: attribute "body": Could not find Custom Field: plugin::ckeditor5.CKEditor '
      + '(the custom fields of Strapi\'s own plugins are known here: plugin::color-picker.color)',
    ]);
  });
});
