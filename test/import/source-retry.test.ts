// A kept-alive connection to the source that the source has just closed as idle fails the next GET before any answer
// (undici: `other side closed`); `cms import` asked Strapi once and stopped with a 502-like error (seen in s3-migration).
import { describe, expect, it } from 'vitest';
import { strapiClient } from '../../core/import/strapi-client.js';

/** A fetch failing as undici does when the socket closes under it, `failures` times, then answering `{ data: [] }`. */
function flakyFetch(failures: number, code = 'UND_ERR_SOCKET') {
  const calls: string[] = [];
  const fetch = (async (url: string) => {
    calls.push(String(url));
    if (calls.length <= failures) throw Object.assign(new TypeError('fetch failed'), { cause: { code, message: code === 'UND_ERR_SOCKET' ? 'other side closed' : code } });
    return new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('the source client asks a GET again once when the connection closed before any answer', () => {
  it.each(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'])('%s once: the second ask answers', async (code) => {
    const { fetch, calls } = flakyFetch(1, code);
    const client = strapiClient('http://source.test', 'secret', { fetch });
    expect(await client.get('/api/articles')).toEqual({ data: [] });
    expect(calls).toEqual(['http://source.test/api/articles', 'http://source.test/api/articles']);
  });

  it('closed twice: fails once, naming the URL and why, without asking a third time', async () => {
    const { fetch, calls } = flakyFetch(2);
    const client = strapiClient('http://source.test', undefined, { fetch });
    await expect(client.download('/uploads/a.png')).rejects.toThrow(/http:\/\/source\.test\/uploads\/a\.png.*other side closed/);
    expect(calls).toHaveLength(2);
  });

  it('a refused connection or a timeout is not asked again', async () => {
    const refused = flakyFetch(1, 'ECONNREFUSED');
    await expect(strapiClient('http://source.test', undefined, { fetch: refused.fetch }).get('/api/x')).rejects.toThrow('ECONNREFUSED');
    expect(refused.calls).toHaveLength(1);
    const calls: string[] = [];
    const slow = (async (url: string) => {
      calls.push(String(url));
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as typeof globalThis.fetch;
    await expect(strapiClient('http://source.test', undefined, { fetch: slow, timeoutMs: 5000 }).get('/api/x')).rejects.toThrow('no answer within 5 s');
    expect(calls).toHaveLength(1);
  });
});
