import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLID, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull,
  GraphQLObjectType, GraphQLString, type GraphQLInputType, type GraphQLScalarType,
} from 'graphql';
import { DateScalar, DateTimeScalar, JSONScalar, LongScalar, TimeScalar } from './scalars.js';
import { scalarFilterName } from './names.js';

/** The plugin's own types, the same in every project (services/internals). */

export const ErrorType = new GraphQLObjectType({
  name: 'Error',
  fields: { code: { type: new GraphQLNonNull(GraphQLString) }, message: { type: GraphQLString } },
});

export const PaginationType = new GraphQLObjectType({
  name: 'Pagination',
  fields: {
    total: { type: new GraphQLNonNull(GraphQLInt) },
    page: { type: new GraphQLNonNull(GraphQLInt) },
    pageSize: { type: new GraphQLNonNull(GraphQLInt) },
    pageCount: { type: new GraphQLNonNull(GraphQLInt) },
  },
});

export const DeleteMutationResponseType = new GraphQLObjectType({
  name: 'DeleteMutationResponse',
  fields: { documentId: { type: new GraphQLNonNull(GraphQLID) } },
});

export const PublicationStatusType = new GraphQLEnumType({
  name: 'PublicationStatus',
  values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' } },
});

export const PublicationFilterType = new GraphQLEnumType({
  name: 'PublicationFilter',
  values: Object.fromEntries([
    'never-published', 'has-published-version', 'modified', 'unmodified', 'never-published-document',
    'has-published-version-document', 'published-without-draft', 'published-with-draft',
  ].map((value) => [value.toUpperCase().replaceAll('-', '_'), { value }])),
});

export const PaginationArgType = new GraphQLInputObjectType({
  name: 'PaginationArg',
  fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
});

/** The plugin's scalar names by Strapi attribute type (constants.ts SCALARS_ASSOCIATIONS). */
export const SCALAR_OF: Record<string, string> = {
  uid: 'String', email: 'String', password: 'String', text: 'String', boolean: 'Boolean', integer: 'Int', string: 'String',
  enumeration: 'String', richtext: 'String', blocks: 'JSON', biginteger: 'Long', float: 'Float', decimal: 'Float', json: 'JSON',
  date: 'Date', time: 'Time', datetime: 'DateTime', timestamp: 'DateTime',
};

export const SCALARS: Record<string, GraphQLScalarType> = {
  ID: GraphQLID, Boolean: GraphQLBoolean, String: GraphQLString, Int: GraphQLInt, Long: LongScalar, Float: GraphQLFloat,
  Date: DateScalar, Time: TimeScalar, DateTime: DateTimeScalar, JSON: JSONScalar,
};

/** GraphQL operator → Strapi operator, every one on every scalar (constants.ts GRAPHQL_SCALAR_OPERATORS). */
export const OPERATORS: Record<string, string> = Object.fromEntries([
  'and', 'or', 'not', 'eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi',
  'gt', 'gte', 'lt', 'lte', 'null', 'notNull', 'in', 'notIn', 'between',
].map((name) => [name, `$${name}`]));

function scalarFilter(scalarName: string): GraphQLInputObjectType {
  const scalar = SCALARS[scalarName];
  const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
    name: scalarFilterName(scalarName),
    fields: () => {
      const fields: Record<string, { type: GraphQLInputType }> = {};
      for (const operator of Object.keys(OPERATORS)) {
        if (operator === 'not') fields.not = { type: filter };
        else if (['and', 'or', 'in', 'notIn', 'between'].includes(operator)) fields[operator] = { type: new GraphQLList(scalar) };
        else if (operator === 'null' || operator === 'notNull') fields[operator] = { type: GraphQLBoolean };
        else fields[operator] = { type: scalar };
      }
      return fields;
    },
  });
  return filter;
}

/** `IDFilterInput`, `StringFilterInput`…, in the plugin's registration order. */
export const SCALAR_FILTERS: Record<string, GraphQLInputObjectType> = Object.fromEntries(
  ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON'].map((name) => [name, scalarFilter(name)]),
);

/** The types every schema starts with, in the plugin's order. */
export const INTERNAL_TYPES = [
  JSONScalar, DateTimeScalar, TimeScalar, DateScalar, LongScalar, ErrorType, PaginationType, DeleteMutationResponseType,
  PublicationStatusType, PublicationFilterType, ...Object.values(SCALAR_FILTERS),
];
