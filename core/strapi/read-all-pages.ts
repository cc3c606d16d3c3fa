import { ValidationError } from '../errors.js';
import type { ContentApi } from './content-api.js';
import { parseQueryString } from './parse-query.js';

export interface AllPagesRequest {
  /** A collection's list route, `/articles`. */
  path: string;
  /** The query string without paging, as in the URL (`filters[views][$gt]=10&sort=views`). */
  search: string;
  /** Entries per page when the query sets none (the API's `maxLimit` keeps requests few). */
  pageSize: number;
  responseFormat?: 'v4';
}

interface PageBody {
  data: unknown[];
  meta?: { pagination?: { page?: number; pageCount?: number } };
}

/** Paging keys the reader sets itself: a query giving them would read one window, not every page. */
const READER_KEYS = ['page', 'start', 'limit'];

/**
 * Every entry of a collection list, page after page, exactly as `GET /api/<type>?…&pagination[page]=N`
 * answers them (same parser, permissions and envelope), one page at a time so a caller can stream.
 *
 * @example
 * for await (const entries of readAllPages(cms.ownerApi, { path: '/articles', search: 'sort=title', pageSize: 100 })) write(entries);
 */
export async function* readAllPages(api: ContentApi, request: AllPagesRequest): AsyncGenerator<unknown[]> {
  const pagination = parseQueryString(request.search).pagination;
  const given = pagination && typeof pagination === 'object' ? Object.keys(pagination) : [];
  const fixed = given.filter((key) => READER_KEYS.includes(key));
  if (fixed.length) {
    throw new ValidationError(
      `reading every page sets the page itself: leave out pagination[${fixed.join('], pagination[')}] (pagination[pageSize] may stay)`,
    );
  }
  const search = [request.search, given.includes('pageSize') ? '' : `pagination[pageSize]=${request.pageSize}`].filter(Boolean).join('&');
  for (let page = 1; ; page++) {
    const { body } = await api({
      method: 'GET', path: request.path, search: `${search}&pagination[page]=${page}`, responseFormat: request.responseFormat,
    });
    const { data, meta } = body as PageBody;
    if (!Array.isArray(data)) throw new ValidationError(`${request.path} is not a list: read one document without reading every page`);
    if (data.length) yield data;
    const pageCount = meta?.pagination?.pageCount;
    // Without counts (`withCount: false`) the first empty page is the end (one request more than counts need).
    if (pageCount !== undefined ? page >= pageCount : data.length === 0) return;
  }
}
