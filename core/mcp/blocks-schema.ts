import { z } from 'zod';

/** Strapi 5.54's MCP blocks (rich text) input schema, node for node (content-manager/server/mcp/schemas/blocks-schema). */
const textNode = z.object({
  type: z.literal('text'),
  text: z.string().describe('The text content.'),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  code: z.boolean().optional(),
}).describe('A text node with optional formatting marks.');
const linkNode = z.object({
  type: z.literal('link'),
  url: z.string().describe('The URL the link points to.'),
  children: z.array(textNode).min(1),
}).describe('An inline link node. Children must be text nodes.');
const inline = z.discriminatedUnion('type', [textNode, linkNode]);

const paragraph = z.object({ type: z.literal('paragraph'), children: z.array(inline).min(1) });
const heading = z.object({
  type: z.literal('heading'),
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  children: z.array(inline).min(1),
});
const quote = z.object({ type: z.literal('quote'), children: z.array(inline).min(1) });
const code = z.object({
  type: z.literal('code'),
  language: z.string().nullable().optional().describe('Programming language identifier (e.g. "javascript", "python").'),
  children: z.array(textNode).min(1),
});
const listItem = z.object({ type: z.literal('list-item'), children: z.array(inline).min(1) });
const list: z.ZodType = z.object({
  type: z.literal('list'),
  format: z.enum(['ordered', 'unordered']),
  indentLevel: z.number().optional(),
  children: z.array(z.lazy(() => z.union([listItem, list]))).min(1).describe('Children must be list-item or nested list nodes.'),
});
const image = z.object({
  type: z.literal('image'),
  image: z.object({
    name: z.string(),
    alternativeText: z.string().nullable().optional(),
    url: z.string(),
    caption: z.string().nullable().optional(),
    width: z.number(),
    height: z.number(),
    formats: z.record(z.string(), z.unknown()).nullable().optional(),
    hash: z.string(),
    ext: z.string(),
    mime: z.string(),
    size: z.number(),
    previewUrl: z.string().nullable().optional(),
    provider: z.string(),
    provider_metadata: z.unknown().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }).describe('An existing media asset. Use media tools to retrieve this data — MCP cannot upload files.'),
  children: z.array(z.object({ type: z.literal('text'), text: z.literal('') })).length(1),
});
const block = z.discriminatedUnion('type', [paragraph, heading, quote, code, image]);

/** A blocks field's value: an array of paragraph, heading, quote, code, image and list nodes. */
export const blocksInputSchema = (): z.ZodType =>
  z.array(z.union([block, list])).describe('An array of block nodes representing structured rich text content.');
