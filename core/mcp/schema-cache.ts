import type { z } from 'zod';

/**
 * A content type's tool schemas, kept per loaded schema set (issue 39). The server is made per request, as Strapi's is,
 * and the SDK converts every registered tool's input and output schema to JSON Schema as it registers it: rebuilding the
 * zod schemas (the filters' recursive one above all) and converting them took about 0.6 s of CPU per `/mcp` request on
 * the conformance fixture's eight types, a `ping` as much as a `tools/list`. A derived tool's schemas depend only on the
 * models (and an output's on whether the credential may read the type, part of `key`), so each is built once per
 * `cms.models` (a reload loads new ones) and answers its JSON Schema with its first conversion, frozen.
 */
const cache = new WeakMap<object, Map<string, z.ZodType>>();

type JsonSchemaMethod = z.ZodType['~standard']['jsonSchema']['input'];

/** `build()`'s schema for `key` under `models`, built on the first call. */
export function cachedSchema(models: object, key: string, build: () => z.ZodType): z.ZodType {
  let schemas = cache.get(models);
  if (!schemas) cache.set(models, (schemas = new Map()));
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = rememberJsonSchema(build())));
  return schema;
}

/** A converted schema made read-only throughout: shared by every request, a caller that would change it fails loudly. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

/**
 * The schema, its standard JSON Schema methods (what the SDK calls) answering their first answer per target, frozen:
 * the SDK completes a root (`type: "object"`) on a copy of its own and only reads the rest.
 */
function rememberJsonSchema(schema: z.ZodType): z.ZodType {
  // zod 4.2 and later (package.json pins 4.4.3)
  const methods: { -readonly [io in 'input' | 'output']: JsonSchemaMethod } = schema['~standard'].jsonSchema;
  for (const io of ['input', 'output'] as const) {
    const convert = methods[io];
    const answers = new Map<string, Record<string, unknown>>();
    methods[io] = (params) => {
      const key = JSON.stringify(params ?? {});
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = frozen(convert(params))));
      return answer;
    };
  }
  return schema;
}
