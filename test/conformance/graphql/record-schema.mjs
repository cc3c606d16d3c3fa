#!/usr/bin/env node
// Writes schema.graphql: the schema @strapi/plugin-graphql 5.54.0 generates for this set's fixture, as
// the reference answers an introspection query (printSchema(buildClientSchema(introspection))).
//   node test/conformance/graphql/record-schema.mjs --base URL [--token KEY]   a reference already started on
//                                                                              test/conformance/fixture
// `npm run conformance:record -- --set graphql` also rewrites it on every recording.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';

/** The reference's schema as SDL, asked the way codegen tools ask it (the full introspection query). */
export async function fetchSchemaSdl(base, token) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${base}/graphql`, {
    method: 'POST', headers, body: JSON.stringify({ query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }) }),
  });
  const body = await response.json();
  if (!body.data) throw new Error(`introspection refused (${response.status}): ${JSON.stringify(body).slice(0, 300)}`);
  return `${printSchema(buildClientSchema(body.data))}\n`;
}

export function writeSchema(sdl) {
  writeFileSync(join(import.meta.dirname, 'schema.graphql'), sdl);
}

if (process.argv[1] === import.meta.filename) {
  const arg = (name) => { const at = process.argv.indexOf(name); return at > 0 ? process.argv[at + 1] : undefined; };
  const base = arg('--base');
  if (!base) { console.error('usage: record-schema.mjs --base URL [--token KEY]'); process.exit(2); }
  const sdl = await fetchSchemaSdl(base, arg('--token'));
  writeSchema(sdl);
  console.log(`schema.graphql: ${sdl.split('\n').length} lines`);
}
