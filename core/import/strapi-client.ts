import { ImportSourceError } from './source-input.js';

/** A read-only client of a Strapi 5 REST API: JSON GETs and binary downloads with a Bearer token. */
export interface StrapiClient {
  /** The server's base URL, as error messages name it. */
  readonly origin: string;
  /** GET `<base><path>`; undefined for 404 and 403 (missing, or not readable with this token). */
  get(path: string): Promise<unknown | undefined>;
  /** The bytes at a URL (absolute, or a path on the server). */
  download(url: string): Promise<Uint8Array>;
}

export interface StrapiClientOptions {
  /** How long one request may take, headers and body (default 60 s). */
  timeoutMs?: number;
  /** The largest JSON answer taken (default 64 MB: a page of 100 entries is far smaller). */
  maxJsonBytes?: number;
  /** The largest binary taken (the project's `upload.sizeLimit`). */
  maxFileBytes?: number;
  fetch?: typeof fetch;
}

/** Why a request failed, from fetch's cause chain (`connect ECONNREFUSED 127.0.0.1:9`, `getaddrinfo ENOTFOUND x`). */
function reason(error: unknown, timeoutMs: number): string {
  if ((error as Error)?.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { message?: string; code?: string } })?.cause;
  return `cannot reach the server: ${cause?.message ?? cause?.code ?? (error as Error)?.message ?? String(error)}`;
}

/** The connection was closed or reset before an answer began (undici's `other side closed`, `ECONNRESET`, `EPIPE`). */
function closedUnanswered(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

/** A body read up to `max` bytes; a larger one is refused as it streams, never held whole. */
async function readBounded(response: Response, url: string, max: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > max) throw new ImportSourceError(url, `the answer is ${declared} bytes, over the import's limit of ${max}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw new ImportSourceError(url, `the answer is over the import's limit of ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * @example
 * const client = strapiClient('http://localhost:1337', process.env.CMS_IMPORT_TOKEN);
 * await client.get('/api/articles?pagination[page]=1')
 */
export function strapiClient(base: string, token: string | undefined, options: StrapiClientOptions = {}): StrapiClient {
  const { timeoutMs = 60_000, maxJsonBytes = 64 * 1024 * 1024, maxFileBytes = 1_000_000_000, fetch: fetchImpl = fetch } = options;
  const origin = base.replace(/\/+$/, '');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  /**
   * One GET with the body read within the same time limit; every failure names the URL and why. A GET is idempotent,
   * so one closed before any answer came (a kept-alive connection the server had just closed as idle) is asked once more.
   */
  const request = async (url: string, init: RequestInit, max: number, again = true): Promise<{ status: number; bytes: Uint8Array }> => {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal });
    } catch (error) {
      if (again && closedUnanswered(error)) return request(url, init, max, false);
      throw new ImportSourceError(url, reason(error, timeoutMs));
    }
    try {
      return { status: response.status, bytes: await readBounded(response, url, max) };
    } catch (error) {
      if (error instanceof ImportSourceError) throw error;
      throw new ImportSourceError(url, reason(error, timeoutMs));
    }
  };
  return {
    origin,
    async get(path) {
      const url = absolute(path);
      const { status, bytes } = await request(url, { headers }, maxJsonBytes);
      if (status === 404 || status === 403) return undefined;
      const text = Buffer.from(bytes).toString('utf8');
      if (status < 200 || status > 299) throw new ImportSourceError(url, `answered ${status}: ${text.slice(0, 300)}`);
      try {
        return JSON.parse(text);
      } catch {
        throw new ImportSourceError(url, `answered ${status} with a body that is not JSON: ${text.slice(0, 80)}`);
      }
    },
    async download(url) {
      const target = absolute(url);
      // The token goes only to the source itself, never to another host a URL names.
      const own = URL.canParse(target) && new URL(target).origin === new URL(origin).origin;
      const { status, bytes } = await request(target, { headers: own ? headers : {} }, maxFileBytes);
      if (status < 200 || status > 299) throw new ImportSourceError(target, `answered ${status}`);
      return bytes;
    },
  };
}
