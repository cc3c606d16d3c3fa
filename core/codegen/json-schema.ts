import { contentFolder } from '../index/load.js';
import { isLocalizedAttribute, isToMany, type Attribute, type Model, type Models } from '../schema/types.js';
import { sortedModels } from './models.js';

/**
 * JSON Schema (2020-12) for content files as they are stored, per content type and file kind:
 * the plain file (published, default locale: required fields required), a locale sibling
 * (`x.fr.json`: only localized required fields, the others it may leave to the default locale's
 * file) and a draft (`x.draft.json`, `x.fr.draft.json`: nothing required, as drafts may be
 * incomplete). Mirrors what loading accepts (schema/check-value.ts) and what `cms validate`
 * requires of published versions (validate/field-checks.ts).
 */

type JsonSchema = Record<string, unknown>;

/** Which file a schema describes; it decides which attributes are required. */
export type FileVariant = 'published' | 'locale' | 'draft';

export interface ContentFileSchema {
  /** Output file name: `articles.json`, `articles.locale.json`, `articles.draft.json`. */
  name: string;
  /** The folder under `content/` whose files it describes. */
  folder: string;
  variant: FileVariant;
  /** Globs relative to the project root (a leading `!` excludes), for JSON and for YAML files. */
  match: { json: string[]; yaml: string[] };
  schema: JsonSchema;
}

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const DOCUMENT_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'a documentId' };
const nullable = (schema: JsonSchema): JsonSchema => {
  const type = schema.type;
  if (typeof type === 'string') return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...schema, type: [...type, 'null'] };
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
  return { anyOf: [schema, { type: 'null' }] };
};

/** Length and range rules as `cms validate` applies them (minLength waits for publishing). */
const ranges = (attribute: Attribute, variant: FileVariant): JsonSchema => {
  const out: JsonSchema = {};
  if (typeof attribute.maxLength === 'number') out.maxLength = attribute.maxLength;
  if (typeof attribute.minLength === 'number' && variant !== 'draft') out.minLength = attribute.minLength;
  if (typeof attribute.regex === 'string' && attribute.regex) out.pattern = attribute.regex;
  return out;
};
const numberRanges = (attribute: Attribute): JsonSchema => {
  const out: JsonSchema = {};
  if (typeof attribute.min === 'number') out.minimum = attribute.min;
  if (typeof attribute.max === 'number') out.maximum = attribute.max;
  return out;
};

const TO_MANY_STORED = ['oneToMany', 'manyToMany', 'manyWay'];

/** One stored scalar or reference per attribute type (null is added by the caller). */
type StoredSchema = (attribute: Attribute, variant: FileVariant) => JsonSchema;
const STORED: Record<Exclude<Attribute['type'], 'component' | 'dynamiczone'>, StoredSchema> = {
  string: (attribute, variant) => ({ type: 'string', ...ranges(attribute, variant) }),
  text: (attribute, variant) => ({ type: 'string', ...ranges(attribute, variant) }),
  richtext: (attribute, variant) => ({ type: 'string', ...ranges(attribute, variant) }),
  password: () => ({ type: 'string' }),
  uid: () => ({ type: 'string', pattern: '^[A-Za-z0-9\\-_.~]*$' }),
  email: () => ({ type: 'string', format: 'email', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
  enumeration: (attribute) => ({ enum: [...(attribute.enum ?? [])] }),
  integer: (attribute) => ({ type: 'integer', ...numberRanges(attribute) }),
  biginteger: () => ({ type: ['string', 'integer'], pattern: '^-?\\d+$', description: 'a big integer, best written as a string' }),
  float: (attribute) => ({ type: 'number', ...numberRanges(attribute) }),
  decimal: (attribute) => ({ type: 'number', ...numberRanges(attribute) }),
  boolean: () => ({ type: 'boolean' }),
  date: () => ({ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  time: () => ({ type: 'string', format: 'time', pattern: '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$' }),
  datetime: () => ({ type: 'string', format: 'date-time' }),
  timestamp: () => ({ type: ['string', 'number'] }),
  json: () => ({ description: 'any JSON value' }),
  blocks: () => ({ type: 'array', items: { $ref: '#/$defs/block' } }),
  media: (attribute) => (attribute.multiple
    ? { type: 'array', items: DOCUMENT_ID, description: 'media file documentIds' }
    : { ...DOCUMENT_ID, description: 'a media file documentId' }),
  relation: (attribute) => (TO_MANY_STORED.includes(String(attribute.relation))
    ? { type: 'array', items: DOCUMENT_ID, description: `documentIds of ${attribute.target}` }
    : { ...DOCUMENT_ID, description: `the documentId of ${attribute.target}` }),
};

/** Strapi's blocks: root nodes by type, inline children; loose enough for every valid value. */
const BLOCK: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['paragraph', 'heading', 'list', 'quote', 'code', 'image'] },
    children: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } },
    level: { enum: [1, 2, 3, 4, 5, 6] },
    format: { enum: ['ordered', 'unordered'] },
  },
};

const defName = (uid: string, zone: boolean) => (zone ? `${uid}#zone` : uid);
const ref = (uid: string, zone = false) => ({ $ref: `#/$defs/${encodeURIComponent(defName(uid, zone))}` });

function attributeSchema(attribute: Attribute, variant: FileVariant): JsonSchema | undefined {
  if (attribute.type === 'relation' && attribute.mappedBy) {
    // links are stored on the owning side; a to-many inverse may keep the order it lists them in
    if (!isToMany(attribute)) return undefined;
    const description = `the order of the ${attribute.target} documents linking here (links live there)`;
    return nullable({ type: 'array', items: DOCUMENT_ID, description });
  }
  if (attribute.type === 'json') return STORED.json(attribute, variant);
  if (attribute.type === 'component') {
    return nullable(attribute.repeatable ? { type: 'array', items: ref(attribute.component!) } : { ...ref(attribute.component!) });
  }
  if (attribute.type === 'dynamiczone') {
    const components = [...(attribute.components ?? [])];
    return nullable({
      type: 'array',
      items: {
        type: 'object',
        required: ['__component'],
        properties: { __component: { enum: components } },
        allOf: components.map((uid) => ({ if: { properties: { __component: { const: uid } } }, then: ref(uid, true) })),
      },
    });
  }
  return nullable(STORED[attribute.type](attribute, variant));
}

const required = (model: Model, variant: FileVariant): string[] => {
  if (variant === 'draft') return [];
  // As `cms validate`: relations and media are never required.
  return model.attributeNames.filter((name) => {
    const attribute = model.attributes[name];
    if (!attribute.required || attribute.type === 'relation' || attribute.type === 'media') return false;
    return variant === 'published' || model.modelType === 'component' || isLocalizedAttribute(model, attribute);
  });
};

/** An object of a model's stored fields; `extra` are the keys beside them (timestamps, `id`, `__component`). */
function objectSchema(model: Model, variant: FileVariant, extra: Record<string, JsonSchema>, requiredExtra: string[] = []): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const schema = attributeSchema(attribute, variant);
    if (!schema) continue;
    properties[name] = attribute.private ? { ...schema, description: 'private: never returned by the API' } : schema;
  }
  Object.assign(properties, extra);
  const mustHave = [...requiredExtra, ...required(model, variant)];
  return {
    type: 'object',
    properties,
    ...(mustHave.length ? { required: mustHave } : {}),
    additionalProperties: false,
  };
}

/** Every component a model reaches, through components and dynamic zones, sorted by uid. */
function reachableComponents(model: Model, models: Models, seen = new Set<string>()): string[] {
  for (const name of model.attributeNames) {
    const attribute = model.attributes[name];
    const uids = attribute.type === 'component'
      ? [attribute.component!]
      : attribute.type === 'dynamiczone'
      ? attribute.components ?? []
      : [];
    for (const uid of uids) {
      if (seen.has(uid) || !models.get(uid)) continue;
      seen.add(uid);
      reachableComponents(models.get(uid)!, models, seen);
    }
  }
  return [...seen].sort();
}

function zoneUids(models: Models, uids: string[]): Set<string> {
  const zone = new Set<string>();
  for (const uid of [...uids, ...[...models.values()].map((model) => model.uid)]) {
    const model = models.get(uid);
    for (const name of model?.attributeNames ?? []) {
      const attribute = model!.attributes[name];
      if (attribute.type === 'dynamiczone') for (const component of attribute.components ?? []) zone.add(component);
    }
  }
  return zone;
}

const TIMESTAMPS: Record<string, JsonSchema> = {
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  publishedAt: { type: ['string', 'null'], format: 'date-time' },
};

/** The schema of one kind of file of one content type, with its components in `$defs`. */
export function contentFileSchema(model: Model, models: Models, variant: FileVariant): JsonSchema {
  const components = reachableComponents(model, models);
  const zone = zoneUids(models, [model.uid]);
  const defs: Record<string, JsonSchema> = { block: BLOCK };
  for (const uid of components) {
    const component = models.get(uid)!;
    defs[defName(uid, false)] = objectSchema(component, variant, { id: { description: 'kept from Strapi exports; derived when absent' } });
    if (zone.has(uid)) {
      defs[defName(uid, true)] = objectSchema(
        component, variant, { id: { description: 'kept from Strapi exports; derived when absent' }, __component: { const: uid } },
        ['__component'],
      );
    }
  }
  const kind = {
    published: 'published version, default locale', locale: 'a locale\'s version (non-localized fields may be left to the default locale)',
    draft: 'draft',
  }[variant];
  return {
    $schema: DRAFT_2020_12,
    title: `${model.displayName} (${model.uid}): ${kind}`,
    description: `A content file in content/${contentFolder(model)}/, as stored: relations and media as documentIds, components inline. `
      + `Generated by cms json-schema from ${model.file}.`,
    ...objectSchema(model, variant, TIMESTAMPS),
    $defs: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

const globs = (folder: string, ext: string, variant: FileVariant): string[] => {
  const base = `/content/${folder}/`;
  if (variant === 'published') return [`${base}*.${ext}`, `!${base}*.*.${ext}`];
  if (variant === 'locale') return [`${base}*.*.${ext}`, `!${base}*.draft.${ext}`];
  return [`${base}*.draft.${ext}`];
};

/**
 * Every content file schema of a project: one per content type (the media library's
 * `content/upload/` included) and file kind, in a stable order.
 *
 * @example
 * contentFileSchemas(loadModels(root)).map((entry) => entry.name) // ['abouts.draft.json', 'abouts.json', …]
 */
export function contentFileSchemas(models: Models): ContentFileSchema[] {
  const out: ContentFileSchema[] = [];
  for (const model of sortedModels(models, { includeUpload: true })) {
    const folder = contentFolder(model);
    const variants: FileVariant[] = [
      'published', ...(model.localized ? ['locale' as const] : []), ...(model.draftAndPublish ? ['draft' as const] : [])
    ];
    for (const variant of variants) {
      out.push({
        name: variant === 'published' ? `${folder}.json` : `${folder}.${variant}.json`,
        folder,
        variant,
        match: { json: globs(folder, 'json', variant), yaml: [...globs(folder, 'yaml', variant), ...globs(folder, 'yml', variant)] },
        schema: contentFileSchema(model, models, variant),
      });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}
