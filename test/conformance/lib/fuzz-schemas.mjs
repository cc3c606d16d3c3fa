// A schema set as the fuzzer sees it: its content types and components read from a project's
// `schemas/` (Strapi's tree layout or flat `schemas/<name>.json`, components under
// `schemas/components/<category>/<name>.json`) and the locales its `cms.config.json` names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const USERS = 'plugin::users-permissions.user';
const FILES = 'plugin::upload.file';

function jsonFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFiles(path));
    else if (entry.name.endsWith('.json')) out.push(path);
  }
  return out;
}

/**
 * Reads a project folder (with `schemas/` and optionally `cms.config.json`).
 *
 * @example
 * const set = loadSchemaSet('test/conformance/fixture');
 * set.types[0] // { uid: 'api::author.author', route: 'authors', single: false, draftAndPublish: false, localized: false, attributes }
 */
export function loadSchemaSet(projectDir) {
  const schemasDir = join(projectDir, 'schemas');
  const components = new Map();
  const types = [];
  for (const file of jsonFiles(schemasDir)) {
    const parts = relative(schemasDir, file).split(sep);
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    if (parts[0] === 'components') {
      components.set(`${parts[1]}.${parts[2].replace(/\.json$/, '')}`, { attributes: schema.attributes ?? {} });
      continue;
    }
    if (!schema.kind || !schema.info) continue;
    const uid = parts[0] === 'api' ? `api::${parts[1]}.${parts[3]}` : `api::${schema.info.singularName}.${schema.info.singularName}`;
    const single = schema.kind === 'singleType';
    types.push({
      uid, single, route: single ? schema.info.singularName : schema.info.pluralName,
      draftAndPublish: schema.options?.draftAndPublish !== false,
      localized: schema.pluginOptions?.i18n?.localized === true,
      attributes: schema.attributes ?? {},
    });
  }
  types.sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const configFile = join(projectDir, 'cms.config.json');
  const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  const locales = config.locales ?? ['en'];
  return { types, components, locales, defaultLocale: config.defaultLocale ?? locales[0],
    byUid: new Map(types.map((type) => [type.uid, type])) };
}

/** Can a request reach this relation's target through REST (a content type of the set, not users)? */
export const reachable = (set, attribute) => attribute.target !== USERS && (attribute.target === FILES || set.byUid.has(attribute.target));

/** Scalar attribute types (what `fields`, `sort` and leaf filters take). */
export const SCALARS = ['string', 'text', 'richtext', 'blocks', 'email', 'password', 'uid', 'enumeration', 'integer', 'biginteger',
  'float', 'decimal', 'boolean', 'date', 'time', 'datetime', 'timestamp', 'json'];
export const isScalar = (attribute) => SCALARS.includes(attribute.type);
