import { UsageError } from './output.js';

/** Query parameters `cms get` takes as options, bracket keys included (`--filters[title][$eq]=x`). */
export const QUERY_OPTIONS = ['filters', 'populate', 'sort', 'fields', 'pagination', 'locale', 'status', '_q'];

const isQueryOption = (arg: string) =>
  QUERY_OPTIONS.some((name) => arg === `--${name}` || arg.startsWith(`--${name}[`) || arg.startsWith(`--${name}=`));

/**
 * Pull URL-style query options out of argv: `--populate=*`, `--filters[title][$containsi] x`,
 * `--query 'sort=title&pagination[page]=2'`. Returns the rest of argv and one query string, so
 * the CLI goes through the very parser HTTP uses.
 *
 * @example
 * extractQuery(['get', 'articles', '--populate=*']) // { argv: ['get', 'articles'], search: 'populate=*' }
 */
export function extractQuery(argv: string[]): { argv: string[]; search: string } {
  const rest: string[] = [];
  const pairs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') { rest.push(...argv.slice(i)); break; }
    if (arg === '--query' || arg.startsWith('--query=')) {
      const value = arg === '--query' ? argv[++i] : arg.slice('--query='.length);
      if (value === undefined) throw new UsageError('--query needs a query string, e.g. --query "sort=title&pagination[page]=2"');
      pairs.push(value.replace(/^\?/, ''));
      continue;
    }
    if (!isQueryOption(arg)) { rest.push(arg); continue; }
    const body = arg.slice(2);
    const equals = body.indexOf('=');
    let key: string;
    let value: string | undefined;
    if (equals >= 0) { key = body.slice(0, equals); value = body.slice(equals + 1); }
    else {
      key = body;
      value = argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[++i] : undefined;
    }
    pairs.push(value === undefined ? key : `${key}=${encodeURIComponent(value)}`);
  }
  return { argv: rest, search: pairs.filter(Boolean).join('&') };
}
