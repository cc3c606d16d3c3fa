import { extendSchema, isObjectType, parse, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Models } from '../schema/types.js';
import type { GraphqlContext } from './context.js';
import { projectExtensionContribution } from './extension.js';
import { uploadContribution } from './upload.js';
import { usersPermissionsContribution } from './users-permissions.js';
import { usersPermissionsAdminContribution } from './users-permissions-admin.js';

/**
 * What a plugin adds to the generated schema, as Strapi's plugins do through the extension service's
 * `use({ typeDefs, resolvers })`: SDL (new types, `extend type Query { … }`, `extend type Mutation { … }`) and the
 * resolvers of its fields, which call the core as every other resolver does.
 */
export interface GraphqlContribution {
  typeDefs?: string;
  resolvers?: Record<string, Record<string, GraphQLFieldResolver<unknown, GraphqlContext>>>;
  /** A change to the whole schema once every contribution is in (the extension service's disabled types and fields). */
  transformSchema?: (schema: GraphQLSchema) => GraphQLSchema;
}

/**
 * The contributions every site's schema gets (users-permissions' operations, the upload plugin's mutations…), each
 * made from the site's models; their resolvers reach the site through the context (`context.cms`). The project's own
 * `register()` extension comes last (core/graphql/extension.ts).
 */
export const CONTRIBUTIONS: Array<(models: Models) => GraphqlContribution> = [
  usersPermissionsContribution, usersPermissionsAdminContribution, uploadContribution, projectExtensionContribution,
];

/**
 * The schema with the contributions' types and fields, their resolvers attached.
 *
 * @example
 * withContributions(schema, [{ typeDefs: 'extend type Query { hello: String }', resolvers: { Query: { hello: () => 'hi' } } }])
 */
export function withContributions(schema: GraphQLSchema, contributions: GraphqlContribution[]): GraphQLSchema {
  let extended = schema;
  for (const { typeDefs } of contributions) if (typeDefs) extended = extendSchema(extended, parse(typeDefs), { assumeValidSDL: false });
  for (const { resolvers = {} } of contributions) {
    for (const [typeName, fields] of Object.entries(resolvers)) {
      const type = extended.getType(typeName);
      if (!isObjectType(type)) throw new Error(`graphql contribution: no object type ${typeName}`);
      for (const [fieldName, resolve] of Object.entries(fields)) {
        const field = type.getFields()[fieldName];
        if (!field) throw new Error(`graphql contribution: no field ${typeName}.${fieldName}`);
        field.resolve = resolve as typeof field.resolve;
      }
    }
  }
  for (const { transformSchema } of contributions) if (transformSchema) extended = transformSchema(extended);
  return extended;
}
