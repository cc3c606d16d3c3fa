// The content tools' schemas are built and converted to JSON Schema once per loaded models (core/mcp/schema-cache.ts), not on
// every `/mcp` request; what a request registers stays what it was: the same JSON, the output still by the credential's access.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentTypeTools } from '../../core/mcp/content-tools.js';
import type { McpToolContext } from '../../core/mcp/tool-types.js';
import type { Model } from '../../core/schema/types.js';

const PAGE: Model = {
  uid: 'api::page.page', modelType: 'contentType', kind: 'collectionType', singularName: 'page', pluralName: 'pages',
  displayName: 'Page', draftAndPublish: true, localized: false, attributes: { title: { type: 'string' }, views: { type: 'integer' } },
  attributeNames: ['title', 'views'], file: 'page.json',
};
/** A credential that may, or may not, read pages (an update-only token). */
const context = (reads: boolean) =>
  ({ caller: { can: (_model: Model, action: string) => reads || action === 'update' }, cms: {} }) as never as McpToolContext;
/** What the SDK calls as it registers a tool. */
const registered = (schema: z.ZodType | undefined, io: 'input' | 'output') =>
  schema!['~standard'].jsonSchema[io]({ target: 'draft-2020-12' });
const toolOf = (models: Map<string, Model>, name: string) => contentTypeTools(PAGE, models).find((tool) => tool.name === name)!;

describe('content tool schemas, kept per loaded models', () => {
  it('a second request gets the schema built for the first, and its JSON Schema as the first conversion answered it', () => {
    const models = new Map([[PAGE.uid, PAGE]]);
    const first = toolOf(models, 'update_page').resolveInputSchema!(context(true));
    const again = toolOf(models, 'update_page').resolveInputSchema!(context(true));
    expect(again).toBe(first);
    const json = registered(first, 'input');
    expect(json).toEqual(z.toJSONSchema(first!, { target: 'draft-2020-12', io: 'input' }));
    expect(json.required).toEqual(['documentId', 'data']);
  });

  it('the JSON Schema is shared read-only: a caller that would change it fails, and the next one reads it as converted', () => {
    const schema = toolOf(new Map([[PAGE.uid, PAGE]]), 'list_page').resolveInputSchema!(context(true));
    const json = registered(schema, 'input');
    expect(registered(schema, 'input')).toBe(json);
    expect(() => { json.type = 'changed by a caller'; }).toThrow(TypeError);
    expect(() => { (json.properties as Record<string, unknown>).page = null; }).toThrow(TypeError);
    expect(registered(schema, 'input').type).toBe('object');
    expect(registered(schema, 'input').properties).toHaveProperty('page.type', 'integer');
  });

  it('the output schema still follows the credential: the fields to one that may read the type, any record to one that may not', () => {
    const models = new Map([[PAGE.uid, PAGE]]);
    const data = (reads: boolean) =>
      JSON.stringify(registered(toolOf(models, 'update_page').resolveOutputSchema!(context(reads)), 'output').properties.data);
    expect(data(true)).toContain('"title"');
    expect(data(false)).not.toContain('"title"');
    expect(data(false)).toContain('"additionalProperties":{}');
    expect(data(true)).toContain('"title"');
  });

  it('models loaded again (a schema change) build their own schemas', () => {
    const before = toolOf(new Map([[PAGE.uid, PAGE]]), 'create_page').resolveInputSchema!(context(true));
    const changed: Model = {
      ...PAGE, attributes: { ...PAGE.attributes, subtitle: { type: 'string' } }, attributeNames: [...PAGE.attributeNames, 'subtitle'],
    };
    const after = contentTypeTools(changed, new Map([[PAGE.uid, changed]])).find((tool) => tool.name === 'create_page')!
      .resolveInputSchema!(context(true));
    expect(after).not.toBe(before);
    expect(Object.keys(registered(after, 'input').properties.data.properties)).toContain('subtitle');
    expect(Object.keys(registered(before, 'input').properties.data.properties)).not.toContain('subtitle');
  });
});
