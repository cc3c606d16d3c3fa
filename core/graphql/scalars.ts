import { GraphQLError, GraphQLScalarType, Kind, print, valueFromASTUntyped, type ValueNode } from 'graphql';
import { ApplicationError, ValidationError } from '../errors.js';
import { ISO_LOCALE_CODES } from './iso-locale-codes.js';

/**
 * The plugin's scalars with graphql-scalars 1.22's serialisation (JSON, DateTime, Date, Long) and Strapi's own
 * `Time` and `I18NLocaleCode`; the descriptions are theirs, since introspection prints them.
 */

const JSON_URL = 'http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf';

function literalValue(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING: case Kind.BOOLEAN: return ast.value;
    case Kind.INT: case Kind.FLOAT: return parseFloat(ast.value);
    case Kind.OBJECT: {
      const value: Record<string, unknown> = Object.create(null);
      for (const field of ast.fields) value[field.name.value] = literalValue(field.value, variables);
      return value;
    }
    case Kind.LIST: return ast.values.map((item) => literalValue(item, variables));
    case Kind.NULL: return null;
    case Kind.VARIABLE: return variables ? variables[ast.name.value] : undefined;
    default: throw new GraphQLError(`JSON cannot represent value: ${print(ast)}`);
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: `The \`JSON\` scalar type represents JSON values as specified by [ECMA-404](${JSON_URL}).`,
  specifiedByURL: JSON_URL,
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2}(\.\d+)?)(Z|[+-]\d{2}:\d{2})$/i;
const validDateTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value.toUpperCase()));

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 '
    + 'of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') {
      if (validDateTime(value)) return new Date(value).toISOString();
      throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${value}.`);
    }
    if (typeof value === 'number') return new Date(value).toISOString();
    throw new GraphQLError(`DateTime cannot be serialized from a non string, non numeric or non Date type ${JSON.stringify(value)}`);
  },
  parseValue(value) {
    if (typeof value === 'string' && validDateTime(value)) return new Date(value).toISOString();
    if (typeof value === 'string') throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${value}.`);
    throw new GraphQLError(`DateTime cannot represent non string or Date type ${JSON.stringify(value)}`);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) {
      throw new GraphQLError(`DateTime cannot represent non string or Date type ${'value' in ast ? ast.value : undefined}`, { nodes: ast });
    }
    if (validDateTime(ast.value)) return new Date(ast.value).toISOString();
    throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${ast.value}.`, { nodes: ast });
  },
});

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 '
    + 'profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value === 'string' && validDate(value)) return value;
    if (typeof value === 'string') throw new GraphQLError(`Date cannot represent an invalid date-string ${value}.`);
    throw new GraphQLError(`Date cannot represent a non string, or non Date type ${JSON.stringify(value)}`);
  },
  parseValue(value) {
    if (typeof value === 'string' && validDate(value)) return value;
    if (typeof value === 'string') throw new GraphQLError(`Date cannot represent an invalid date-string ${value}.`);
    throw new GraphQLError(`Date cannot represent non string type ${JSON.stringify(value)}`);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) {
      throw new GraphQLError(`Date cannot represent non string type ${'value' in ast ? ast.value : undefined}`, { nodes: ast });
    }
    if (validDate(ast.value)) return ast.value;
    throw new GraphQLError(`Date cannot represent an invalid date-string ${ast.value}.`, { nodes: ast });
  },
});

const TIME = /^(2[0-3]|[01][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]{1,3})?$/;
/** Strapi's `parseType({ type: 'time' })`: `HH:mm:ss.SSS`, milliseconds padded. */
function parseTime(value: unknown): string {
  const text = String(value);
  const match = TIME.exec(text);
  if (!match) throw new ValidationError('Invalid time format, expected HH:mm:ss.SSS');
  const [, hours, minutes, seconds, fraction = ''] = match;
  return `${hours}:${minutes}:${seconds}.${fraction.slice(1).padEnd(3, '0')}`;
}

export const TimeScalar = new GraphQLScalarType({
  name: 'Time',
  description: 'A time string with format HH:mm:ss.SSS',
  serialize: parseTime,
  parseValue: parseTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new ValidationError('Time cannot represent non string type');
    return parseTime(ast.value);
  },
});

function toBigInt(value: unknown): bigint {
  if (typeof value === 'boolean') return BigInt(value);
  if (typeof value === 'number' && !Number.isInteger(value)) throw new GraphQLError(`BigInt cannot represent non-integer value: ${value}`);
  const text = String(value);
  let number: bigint;
  try {
    number = BigInt(text);
  } catch {
    throw new GraphQLError(`BigInt cannot represent non-integer value: ${text}`);
  }
  if (typeof value === 'string' && number.toString() !== text) throw new GraphQLError(`BigInt cannot represent non-integer value: ${text}`);
  return number;
}
const safe = (value: bigint) => value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);

export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
  serialize(value) {
    const number = toBigInt(value);
    return safe(number) ? Number(number) : number.toString();
  },
  // Stored as Strapi stores a biginteger: its decimal text
  parseValue: (value) => toBigInt(value).toString(),
  parseLiteral(ast) {
    if (!('value' in ast)) throw new GraphQLError(`BigInt cannot represent non-integer value: ${print(ast)}`, { nodes: ast });
    // graphql-scalars converts with BigInt() itself: its own error ("Cannot convert abc to a BigInt") is the message
    const number = BigInt(ast.value as string);
    if (String(ast.value) !== number.toString()) throw new GraphQLError(`BigInt cannot represent value: ${ast.value}`);
    return number.toString();
  },
});

/**
 * The i18n plugin's locale scalar: a literal must be `*` (every locale) or a code of its ISO list, configured on the site
 * or not (a read of one the site does not have answers nothing, as REST's); a variable is taken as it comes.
 */
export function localeCodeScalar(locales: readonly string[]): GraphQLScalarType {
  return new GraphQLScalarType({
    name: 'I18NLocaleCode',
    description: 'A string used to identify an i18n locale',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral(ast) {
      if (ast.kind !== Kind.STRING) throw new ValidationError('Locale cannot represent non string type');
      const known = ast.value === '*' || ISO_LOCALE_CODES.has(ast.value) || locales.includes(ast.value);
      if (!known) throw new ValidationError('Unknown locale supplied');
      return ast.value;
    },
  });
}

/**
 * A dynamic zone's input (`PostSectionsDynamicZoneInput`): one object per item, `__typename` naming its component
 * (any component's globalId), sent on as the REST body's `__component` (builders/dynamic-zones.ts).
 */
export function zoneInputScalar(name: string, components: Map<string, string>, allowed: string[]): GraphQLScalarType {
  const parseData = (value: unknown) => {
    const item = (value ?? {}) as Record<string, unknown>;
    const uid = typeof item.__typename === 'string' ? components.get(item.__typename) : undefined;
    if (!uid) throw new ApplicationError(`Component not found. expected one of: ${allowed.join(', ')}`);
    const { __typename: _, ...rest } = item;
    return { __component: uid, ...rest };
  };
  return new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: parseData,
    parseLiteral: (ast, variables) => (ast.kind === Kind.OBJECT ? parseData(valueFromASTUntyped(ast, variables)) : undefined),
  });
}
