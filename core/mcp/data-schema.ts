import { z } from 'zod';
import type { Models } from '../schema/types.js';
import { blocksInputSchema } from './blocks-schema.js';
import { componentAttributes, writableKeys, type StrapiAttribute } from './model-attributes.js';

const optionalUnless = (required: boolean | undefined, schema: z.ZodType): z.ZodType => (required === true ? schema : schema.optional());
const bounded = <T extends z.ZodString | z.ZodNumber | z.ZodArray<z.ZodType>>(schema: T, min: unknown, max: unknown): T => {
  let out = schema as z.ZodString;
  if (min !== undefined) out = out.min(Number(min));
  if (max !== undefined) out = out.max(Number(max));
  return out as unknown as T;
};

/** A component's fields as a strict object (a component met again inside itself: any record, as Strapi). */
function componentSchema(models: Models, uid: string, visited: Set<string>): z.ZodType {
  const attributes = visited.has(uid) ? undefined : componentAttributes(models, uid);
  if (!attributes) return z.record(z.string(), z.unknown());
  visited.add(uid);
  const shape: Record<string, z.ZodType> = {};
  for (const [key, attribute] of Object.entries(attributes)) shape[key] = attributeInputSchema(models, attribute, visited);
  visited.delete(uid);
  return z.object(shape).strict();
}

/** A relation's input: a documentId, `{ documentId, locale?, status? }` or null; to-many: connect/disconnect/set. */
function relationSchema(attribute: StrapiAttribute): z.ZodType {
  const documentId = z.string().min(1).describe('Strapi document ID (e.g. "z7v8zma53x01r6oceimv922b").');
  const longHand = z.object({
    documentId,
    locale: z.string().optional().describe('Target locale. Defaults to source document locale.'),
    status: z.enum(['draft', 'published']).optional().describe('Target version status. Defaults based on draftAndPublish config.'),
  }).strict();
  if (attribute.relation?.endsWith('ToMany') !== true) {
    return z.union([documentId, longHand, z.null().describe('Set to null to clear the relation.')]);
  }
  const entry = z.union([documentId, longHand]);
  const position = z.object({
    before: z.string().optional().describe('Document ID to insert before.'),
    after: z.string().optional().describe('Document ID to insert after.'),
    start: z.boolean().optional().describe('Insert at start of list.'),
    end: z.boolean().optional().describe('Insert at end of list (default).'),
  }).strict();
  const connectEntry = z.object({
    documentId,
    locale: z.string().optional(),
    status: z.enum(['draft', 'published']).optional(),
    position: position.optional().describe('Ordering hint. Default: { end: true }.'),
  }).strict();
  return z.object({
    connect: z.array(z.union([documentId, connectEntry])).optional()
      .describe('Add relations. Each entry: documentId string, or { documentId, locale?, status?, position? }.'),
    disconnect: z.array(entry).optional().describe('Remove relations. Each entry: documentId string, or { documentId, locale?, status? }.'),
    set: z.union([z.array(entry), z.null()]).optional()
      .describe('Replace all relations. Array replaces existing; null clears all. Mutually exclusive with connect/disconnect.'),
  }).strict().refine((value) => value.set === undefined || (value.connect === undefined && value.disconnect === undefined), {
    message: 'set is mutually exclusive with connect and disconnect', path: ['set'],
  });
}

/** One attribute's input schema with its constraints (Strapi's `attributeToInputSchema`, type by type). */
export function attributeInputSchema(models: Models, attribute: StrapiAttribute, visited = new Set<string>()): z.ZodType {
  const { required } = attribute;
  switch (attribute.type) {
    case 'string': case 'text': case 'richtext': case 'password':
      return optionalUnless(required, bounded(z.string(), attribute.minLength, attribute.maxLength));
    case 'email':
      return optionalUnless(required, z.string().email());
    case 'uid': case 'biginteger': case 'date': case 'datetime': case 'time': case 'timestamp':
      return optionalUnless(required, z.string());
    case 'integer':
      return optionalUnless(required, bounded(z.number().int(), attribute.min, attribute.max));
    case 'decimal': case 'float':
      return optionalUnless(required, bounded(z.number(), attribute.min, attribute.max));
    case 'boolean':
      return optionalUnless(required, z.boolean());
    case 'enumeration':
      return optionalUnless(required, attribute.enum?.length ? z.enum(attribute.enum as [string, ...string[]]) : z.string());
    case 'json':
      return optionalUnless(required, z.any());
    case 'blocks':
      return optionalUnless(required, blocksInputSchema());
    case 'component': {
      const one = attribute.component !== undefined
        ? componentSchema(models, attribute.component, visited) : z.record(z.string(), z.unknown());
      const schema = attribute.repeatable === true ? bounded(z.array(one), attribute.min, attribute.max) : one;
      return optionalUnless(required, schema);
    }
    case 'dynamiczone':
      return optionalUnless(required, bounded(z.array(z.any()), attribute.min, attribute.max));
    case 'media':
      return optionalUnless(required, attribute.multiple === true ? z.array(z.any()) : z.any());
    case 'relation':
      return optionalUnless(required, relationSchema(attribute));
    default:
      return z.unknown();
  }
}

/** A type's `data` input: its writable, non-private attributes the caller may write, strict (an unknown key is refused). */
export function dataSchema(models: Models, attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const key of writableKeys(attributes)) {
    if (permitted === null || permitted.has(key)) shape[key] = attributeInputSchema(models, attributes[key]);
  }
  return z.object(shape).strict().describe('Document field values to write.');
}
