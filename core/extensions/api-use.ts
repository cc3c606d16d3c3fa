import { FileError } from '../errors.js';
import { subsetProblems } from './api-subset.js';

/** Members of the `strapi` object this server provides (strapi-object.ts); the rest are named at start-up. */
export const STRAPI_MEMBERS = [
  'documents', 'service', 'services', 'controller', 'controllers', 'contentType', 'contentTypes', 'log',
  'db', 'query', 'plugin', 'plugins', 'entityService', 'requestContext', 'ai', 'store',
] as const;

const HINTS: Record<string, string> = {
  config: 'configuration is cms.config.json\'s, not read through strapi.config',
};

/** `strapi.x` or `strapi?.x`, not inside a URL or a package name (`https://strapi.io`, `@strapi/strapi`). */
const USE = /(?<![\w$/@.-])strapi\s*(?:\?\.|\.)\s*([A-Za-z_$][\w$]*)/g;

/** Comments out, lengths kept (so offsets still give the right line): the generated `strapi.io` links are no use. */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g;
const withoutComments = (source: string) => source.replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));

/**
 * Every use of a `strapi.<member>` this server does not provide, as `file:line` problems, found when the
 * project's code loads (before any request runs it), so an unsupported API is a start-up error.
 *
 * @example
 * unsupportedStrapiUses('src/api/a/controllers/a.js', 'strapi.server.use(fn)') // [FileError: strapi.server …]
 */
export function unsupportedStrapiUses(path: string, source: string): FileError[] {
  const problems: FileError[] = [];
  const text = withoutComments(source);
  for (const match of text.matchAll(USE)) {
    const member = match[1];
    if ((STRAPI_MEMBERS as readonly string[]).includes(member)) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const column = match.index - text.lastIndexOf('\n', match.index - 1);
    const hint = HINTS[member] ? ` (${HINTS[member]})` : '';
    problems.push(new FileError(path, `strapi.${member} is not supported by gitcms${hint}`, line, column));
  }
  problems.push(...subsetProblems(path, text).problems);
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** `strapi.service('api::x.x')` and its kin, with a literal uid: checked against the project once everything is loaded. */
export interface NamedUid {
  member: 'service' | 'controller' | 'documents' | 'contentType' | 'query';
  uid: string;
  line: number;
  column: number;
}

const NAMED = /(?<![\w$/@.-])strapi\s*(?:\?\.|\.)\s*(service|controller|documents|contentType)\s*\(\s*(['"`])([^'"`$]+)\2\s*\)/g;

/**
 * The uids a file names literally in `strapi.service(…)`, `controller(…)`, `documents(…)` and
 * `contentType(…)`, so one this project lacks (`plugin::users-permissions.jwt`) is a start-up problem.
 *
 * @example
 * namedUids("strapi.service('plugin::users-permissions.jwt')")
 * // [{ member: 'service', uid: 'plugin::users-permissions.jwt', line: 1, column: 1 }]
 */
export function namedUids(source: string): NamedUid[] {
  const text = withoutComments(source);
  const named = [...text.matchAll(NAMED)].map((match) => ({
    member: match[1] as NamedUid['member'],
    uid: match[3],
    line: text.slice(0, match.index).split('\n').length,
    column: match.index - text.lastIndexOf('\n', match.index - 1),
  }));
  // `strapi.db.query('api::…')` names a content type too (plugin tables are checked by api-subset.ts).
  return [...named, ...subsetProblems('', text).queried.map((use) => ({ member: 'query' as const, ...use }))];
}
