import { z } from 'zod';
import type { StrapiAttribute } from './model-attributes.js';

/** Relations whose value is a list in an MCP answer (broader than Strapi's isAnyToMany: `manyWay` and morph lists too). */
const MANY = new Set(['oneToMany', 'manyToMany', 'manyWay', 'morphToMany', 'morphMany']);
export const isManyRelation = (attribute: StrapiAttribute): boolean => MANY.has(attribute.relation ?? '');

const relationIdentity = z.object({
  documentId: z.string(),
  locale: z.string().optional(),
  __type: z.string().optional(),
  status: z.string().optional(),
});

function attributeOutput(attribute: StrapiAttribute | undefined): z.ZodType {
  if (attribute?.type !== 'relation' || attribute.target === 'admin::user') return z.unknown().optional();
  return isManyRelation(attribute) ? z.array(relationIdentity).optional() : relationIdentity.nullable().optional();
}

function dataOutput(attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null): z.ZodType {
  const keys = Object.keys(attributes).filter((key) => permitted === null || permitted.has(key));
  if (keys.length === 0) return z.record(z.string(), z.unknown());
  return z.object(Object.fromEntries(keys.map((key) => [key, attributeOutput(attributes[key])]))).loose();
}

/** One document's answer, `{ data, meta }` (Strapi's buildDocumentOutputSchema). */
export const documentOutputSchema = (attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null) => z.object({
  data: dataOutput(attributes, permitted).nullable(),
  meta: z.object({
    availableLocales: z.array(z.record(z.string(), z.unknown())).optional(),
    availableStatus: z.array(z.record(z.string(), z.unknown())).optional(),
  }).optional(),
}).loose();

/** A page of documents, `{ results, pagination }`. */
export const listOutputSchema = (attributes: Record<string, StrapiAttribute>, permitted: Set<string> | null) => z.object({
  results: z.array(dataOutput(attributes, permitted)),
  pagination: z.object({ page: z.number(), pageSize: z.number(), pageCount: z.number(), total: z.number() }),
}).loose();

/** A delete's answer, `{ data }`. */
export const deleteOutputSchema = () => z.object({ data: z.object({}).loose().nullable() }).loose();
