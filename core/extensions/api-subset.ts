import { FileError } from '../errors.js';
import { ENTITY_METHODS } from './entity-service.js';
import { LOCALE_UID } from './i18n-locales.js';
import { QUERY_METHODS } from './query-engine.js';
import { PLUGIN_SERVICES } from './strapi-apis.js';
import { PERMISSION_UID, ROLE_UID } from './users-permissions-query.js';
import { USER_UID } from './users-query.js';

/** The methods of each plugin table `strapi.db.query(uid)` answers (the project's `api::` types have QUERY_METHODS). */
export const PLUGIN_QUERY_METHODS: Record<string, readonly string[]> = {
  [ROLE_UID]: ['findMany', 'findOne', 'count', 'update'],
  [PERMISSION_UID]: ['findMany', 'findOne', 'count', 'create', 'delete'],
  [USER_UID]: ['findMany', 'findOne', 'count', 'create', 'update'],
  [LOCALE_UID]: ['findMany', 'findOne', 'count'],
};

const DOT = String.raw`\s*(?:\?\.|\.)\s*`;
const STRAPI = String.raw`(?<![\w$/@.-])strapi`;
/** `('literal')`: the quote is group `n`, the text group `n + 1`. */
const literal = (n: number) => String.raw`\(\s*(['"\`])([^'"\`$]+)` + `\\${n}` + String.raw`\s*\)`;
/** `strapi.db.<member>` */
const DB_MEMBER = new RegExp(`${STRAPI}${DOT}db${DOT}([A-Za-z_$][\\w$]*)`, 'g');
/** `strapi.query('uid')` / `strapi.db.query('uid')`, and the method called on it when chained. */
const QUERY = new RegExp(`${STRAPI}${DOT}(?:db${DOT})?query\\s*${literal(1)}(?:${DOT}([A-Za-z_$][\\w$]*))?`, 'g');
/** `strapi.plugin('name')`, and `.service('name')` when chained (or any other member). */
const SERVICE = String.raw`(?:\s*\(\s*(['"\`])([^'"\`$]+)\4)?`;
const PLUGIN = new RegExp(`${STRAPI}${DOT}plugin\\s*(?:\\?\\.)?\\s*${literal(1)}(?:${DOT}([A-Za-z_$][\\w$]*)${SERVICE})?`, 'g');
/** `strapi.plugins['name']` (or `.name`), then `.services` and `['service']` (or `.service`) when chained. */
const NAME = String.raw`(?:\s*\[\s*(['"\`])([^'"\`$]+)\N\s*\]|${DOT}([A-Za-z_$][\w$]*))`;
const PLUGINS = new RegExp(
  `${STRAPI}${DOT}plugins${NAME.replace('\\N', '\\1')}(?:${DOT}([A-Za-z_$][\\w$]*)${NAME.replace('\\N', '\\5')}?)?`, 'g',
);
const NOT_LOADED = 'plugins are not loaded; the i18n, users-permissions, upload, graphql and email services named in '
  + 'docs/guide/extending.md are';
/** `strapi.entityService.<method>` and `strapi.requestContext.<method>` */
const ENTITY = new RegExp(`${STRAPI}${DOT}entityService${DOT}([A-Za-z_$][\\w$]*)`, 'g');
const REQUEST = new RegExp(`${STRAPI}${DOT}requestContext${DOT}([A-Za-z_$][\\w$]*)`, 'g');

/** A use of an `api::` type through the query engine, checked against the project once its types are known. */
export interface QueriedUid {
  uid: string;
  line: number;
  column: number;
}

/**
 * The calls of a file (comments already blanked) that reach past the supported subset of `strapi.db`, `strapi.query`,
 * `strapi.plugin`, `strapi.entityService` and `strapi.requestContext`, each a problem at its line and column; and the
 * `api::` uids it queries. Calls made with uids or names computed at run time are checked when they run.
 *
 * @example
 * subsetProblems('src/index.js', "strapi.db.query('plugin::upload.file').findOne()").problems[0].format()
 * // 'src/index.js:1:1: strapi.db.query(\'plugin::upload.file\') is not supported by gitcms (…)'
 */
export function subsetProblems(path: string, text: string): { problems: FileError[]; queried: QueriedUid[] } {
  const problems: FileError[] = [];
  const queried: QueriedUid[] = [];
  const at = (index: number) => ({
    line: text.slice(0, index).split('\n').length,
    column: index - text.lastIndexOf('\n', index - 1),
  });
  const problem = (index: number, api: string, hint: string) => {
    const { line, column } = at(index);
    problems.push(new FileError(path, `${api} is not supported by gitcms (${hint})`, line, column));
  };
  for (const match of text.matchAll(DB_MEMBER)) {
    if (match[1] !== 'query' && match[1] !== 'lifecycles') {
      problem(match.index, `strapi.db.${match[1]}`, 'of strapi.db only query(uid) and lifecycles.subscribe are');
    }
  }
  for (const match of text.matchAll(QUERY)) {
    const [, , uid, method] = match;
    const methods = uid.startsWith('api::') ? QUERY_METHODS as readonly string[] : PLUGIN_QUERY_METHODS[uid];
    const api = `strapi.db.query('${uid}')`;
    if (!methods) problem(match.index, api, 'the project\'s api:: types, users-permissions users, roles and permissions, locales');
    else if (method && !methods.includes(method)) problem(match.index, `${api}.${method}`, `here: ${methods.join(', ')}`);
    else if (uid.startsWith('api::')) queried.push({ uid, ...at(match.index) });
  }
  for (const match of text.matchAll(PLUGIN)) {
    const [, , name, member, , service] = match;
    const services = PLUGIN_SERVICES[name];
    if (!services) problem(match.index, `strapi.plugin('${name}')`, NOT_LOADED);
    else if (member && member !== 'service') problem(match.index, `strapi.plugin('${name}').${member}`, 'only service(name) is');
    else if (service && !services.includes(service)) {
      problem(match.index, `strapi.plugin('${name}').service('${service}')`, `of ${name}: ${services.join(', ')}`);
    }
  }
  for (const match of text.matchAll(PLUGINS)) {
    const [, , quoted, dotted, member, , service = match[7]] = match;
    const name = quoted ?? dotted;
    const services = PLUGIN_SERVICES[name];
    if (!services) problem(match.index, `strapi.plugins['${name}']`, NOT_LOADED);
    else if (member && member !== 'services') problem(match.index, `strapi.plugins['${name}'].${member}`, 'only services[name] is');
    else if (service && !services.includes(service)) {
      problem(match.index, `strapi.plugins['${name}'].services['${service}']`, `of ${name}: ${services.join(', ')}`);
    }
  }
  for (const match of text.matchAll(ENTITY)) {
    if (!(ENTITY_METHODS as readonly string[]).includes(match[1])) {
      problem(match.index, `strapi.entityService.${match[1]}`, `here: ${ENTITY_METHODS.join(', ')}`);
    }
  }
  for (const match of text.matchAll(REQUEST)) {
    if (match[1] !== 'get') problem(match.index, `strapi.requestContext.${match[1]}`, 'only get() is');
  }
  return { problems, queried };
}
