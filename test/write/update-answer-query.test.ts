import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { createApp } from '../../core/http/app.js';
import { SAMPLE, writableSite } from './helpers.js';

/**
 * An update's answer reuses the query its check normalised when the request names no locale (document-writes.ts,
 * `checkedAnswer`): whatever the query asks, the answer is the document a read with the same query finds right after.
 */
async function site() {
  const cms = await createCms({ root: writableSite() });
  const app = createApp(cms, { log: () => {} });
  const send = async (method: string, path: string, data?: unknown) => {
    const response = await app.request(path, {
      method, headers: { 'content-type': 'application/json' }, body: data === undefined ? undefined : JSON.stringify({ data }),
    });
    return { status: response.status, body: await response.json() as { data: unknown } };
  };
  return { send };
}

describe("an update answers the document as a read of the request's query finds it", () => {
  it.each([
    ['a draft write', '?status=draft', '?status=draft'],
    ['a draft write with an empty status (Strapi: a draft)', '?status=', '?status=draft'],
    ['a draft write with fields', '?status=draft&fields[0]=title&fields[1]=slug', '?status=draft&fields[0]=title&fields[1]=slug'],
    ['a draft write with a populate', '?status=draft&populate[author][fields][0]=name&populate[tags]=true',
      '?status=draft&populate[author][fields][0]=name&populate[tags]=true'],
    ['a draft write in the default locale named', '?status=draft&locale=en', '?status=draft&locale=en'],
    ['a draft write in another locale', '?status=draft&locale=fr', '?status=draft&locale=fr'],
    ['a publishing write with fields', '?fields[0]=title', '?fields[0]=title'],
    ['a publishing write', '', ''],
  ])('%s', async (_, query, readQuery) => {
    const { send } = await site();
    const title = `Answered as read ${query}`;
    const written = await send('PUT', `/api/articles/${SAMPLE.coffee}${query}`, { title });
    expect(written.status).toBe(200);
    const read = await send('GET', `/api/articles/${SAMPLE.coffee}${readQuery}`);
    expect(read.status).toBe(200);
    expect(written.body).toEqual(read.body);
    expect(JSON.stringify(written.body)).toContain(title);
  });

  it('a bad query is refused before anything is written, with or without a locale', async () => {
    const { send } = await site();
    for (const query of ['?status=draft&fields[0]=nope', '?status=draft&locale=fr&fields[0]=nope', '?status=maybe']) {
      expect((await send('PUT', `/api/articles/${SAMPLE.coffee}${query}`, { title: 'Never written' })).status).toBe(400);
    }
    const read = await send('GET', `/api/articles/${SAMPLE.coffee}?status=draft`);
    expect(JSON.stringify(read.body)).not.toContain('Never written');
  });
});
