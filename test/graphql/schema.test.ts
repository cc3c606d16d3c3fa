import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astFromValue, buildSchema, print, printSchema, printType, type GraphQLSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { buildGraphqlSchema } from '../../core/graphql/build-schema.js';
import { createGraphqlFace } from '../../core/graphql/graphql-face.js';
import { REPO_ROOT } from '../helpers/project.js';

const SET = join(REPO_ROOT, 'test/conformance/graphql');
const made: string[] = [];
afterAll(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

async function schemaOf(fixture: string): Promise<GraphQLSchema> {
  const root = mkdtempSync(join(tmpdir(), 'cms-graphql-schema-'));
  made.push(root);
  cpSync(fixture, root, { recursive: true });
  const cms = await createCms({ root });
  try {
    return createGraphqlFace(cms, cms.config.graphql).schema;
  } finally {
    await cms.close();
  }
}

/**
 * Each named type as printed, with what introspection cannot carry normalised: `@specifiedBy` (not in the recorded
 * introspection) and a union's member order (Strapi's component registry order is its loader's, not meaningful).
 */
function typesOf(schema: GraphQLSchema): Record<string, string> {
  const printed: Record<string, string> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    let text = printType(type).replace(/ @specifiedBy\(url: "[^"]*"\)/, '');
    text = text.replace(/^(union \w+ = )(.*)$/m, (_, head: string, members: string) => head + members.split(' | ').sort().join(' | '));
    printed[type.name] = text;
  }
  return printed;
}

/** The users-permissions plugin's and the upload plugin's own SDL (added through core/graphql/contributions.ts). */
const PLUGIN_SDL_TYPES = [
  'UsersPermissionsRoleInput', 'UsersPermissionsUserInput', 'UsersPermissionsUserEntityResponse', 'FileInfoInput', 'UsersPermissionsMe',
  'UsersPermissionsMeRole', 'UsersPermissionsRegisterInput', 'UsersPermissionsLoginInput', 'UsersPermissionsPasswordPayload',
  'UsersPermissionsLoginPayload', 'UsersPermissionsCreateRolePayload', 'UsersPermissionsUpdateRolePayload',
  'UsersPermissionsDeleteRolePayload',
];
const PLUGIN_SDL_FIELDS = /^(me|updateUploadFile|deleteUploadFile|\w+UsersPermissions(Role|User)|login|register|forgotPassword|resetPassword|changePassword|emailConfirmation)$/;

/** A root type's fields as `name(arg: Type = default, …): Type`, with descriptions. */
function rootFields(schema: GraphQLSchema, root: 'Query' | 'Mutation'): Record<string, string> {
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  return Object.fromEntries(Object.values(type?.getFields() ?? {}).map((field) => [field.name, [
    field.description ?? '', field.name, '(',
    field.args.map((arg) => `${arg.description ?? ''} ${arg.name}: ${String(arg.type)} = ${arg.defaultValue === undefined ? '' : print(astFromValue(arg.defaultValue, arg.type)!)}`).join(', '),
    '): ', String(field.type),
  ].join('')]));
}

describe('the generated GraphQL schema', () => {
  it('equals the reference plugin\'s schema for the conformance fixture, type by type', async () => {
    const oursSchema = await schemaOf(join(REPO_ROOT, 'test/conformance/fixture'));
    const theirsSchema = buildSchema(readFileSync(join(SET, 'schema.graphql'), 'utf8'));
    const ours = typesOf(oursSchema);
    const theirs = typesOf(theirsSchema);
    const pending = new Set(PLUGIN_SDL_TYPES.filter((name) => !ours[name]));
    for (const [name, text] of Object.entries(theirs)) {
      if (pending.has(name)) continue;
      if (name === 'Query' || name === 'Mutation') continue;
      expect(ours[name], name).toBe(text);
    }
    expect(Object.keys(ours).filter((name) => !theirs[name])).toEqual([]);
    // the root fields one by one: those the plugins' SDL adds are compared once their contribution is there
    for (const root of ['Query', 'Mutation'] as const) {
      const mine = rootFields(oursSchema, root);
      const recorded = rootFields(theirsSchema, root);
      for (const [field, signature] of Object.entries(recorded)) {
        if (PLUGIN_SDL_FIELDS.test(field) && !mine[field]) continue;
        expect(mine[field], `${root}.${field}`).toBe(signature);
      }
      expect(Object.keys(mine).filter((field) => !recorded[field])).toEqual([]);
    }
  });

  it('names a type\'s operations, filters and inputs by Strapi\'s rules on the sample site', async () => {
    const sdl = printSchema(await schemaOf(join(REPO_ROOT, 'test/conformance/fixture')));
    expect(sdl).toContain('posts_connection(');
    expect(sdl).toContain('input PostFiltersInput {');
    expect(sdl).toContain('union PostSectionsDynamicZone = ComponentSharedQuote | ComponentSharedItem | Error');
    expect(sdl).toContain('enum ENUM_KITCHEN_COLOR {');
    const site = printSchema(await schemaOf(join(REPO_ROOT, 'test/conformance/foodadvisor/fixture')));
    expect(site).toMatch(/type Query \{/);
    expect(site).toContain('i18NLocales(');
  });

  it('builds nothing but the plugin\'s own types when shadowCRUD is off', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cms-graphql-off-'));
    made.push(root);
    cpSync(join(REPO_ROOT, 'test/conformance/fixture'), root, { recursive: true });
    const cms = await createCms({ root });
    try {
      const schema = buildGraphqlSchema(cms.models, { shadowCRUD: false });
      expect(Object.keys(schema.getQueryType()!.getFields())).toEqual([]);
      expect(schema.getType('Post')).toBeUndefined();
    } finally {
      await cms.close();
    }
  });
});
