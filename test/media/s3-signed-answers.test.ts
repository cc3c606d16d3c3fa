import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initRepo } from '../git-workflow/helpers.js';
import { S3_ENV, s3UploadConfig, startTestS3, type TestS3 } from '../helpers/s3.js';
import { serveSite, type ServedSite } from '../write/served-site.js';
import { makeImage, mediaSite, uploadForm } from './helpers.js';

let s3: TestS3;
beforeAll(async () => { s3 = await startTestS3(); });
afterAll(async () => { await s3?.stop(); });

const POPULATE = 'populate[cover]=true&populate[seo][populate][shareImage]=true&populate[blocks][on][shared.media][populate][file]=true';
const signed = (url: string) => /[?&]X-Amz-Signature=/.test(url);
const signedAt = (url: string) => new URL(url).searchParams.get('X-Amz-Date');
/**
 * Resolves once the clock has passed the whole second of a SigV4 date (`20261130T085300Z`): what a later signature needs to carry
 * another date. A timer to that instant, where asking again and again until the second turned kept the server and this worker
 * busy for up to a second.
 */
const pastSecondOf = (amzDate: string | null) => new Promise<void>((resolve) => {
  const at = Date.parse(String(amzDate).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  setTimeout(resolve, Number.isNaN(at) ? 0 : Math.max(0, at + 1000 - Date.now()));
});

/** A served site whose uploads go to a new bucket (`ACL` as asked), with an image and a published article using it thrice. */
async function articleWithMedia(ACL?: string, mcp = false): Promise<{ site: ServedSite; root: string; documentId: string; file: any }> {
  const bucket = await s3.bucket();
  const articleGrants = ['find', 'findOne', 'create', 'update', 'delete'];
  const root = mediaSite({ upload: s3UploadConfig(s3.endpoint, bucket, ACL ? { ACL } : {}), articleGrants });
  if (mcp) {
    const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
    writeFileSync(join(root, 'cms.config.json'), `${JSON.stringify({ ...config, mcp: { enabled: true } }, null, 2)}\n`);
  }
  initRepo(root);
  const site = await serveSite(root, [], mcp ? { ...S3_ENV, CMS_API_TOKEN: MCP_KEY } : S3_ENV);
  try {
    const image = await makeImage(600, 400, 'png');
    const uploaded = await fetch(`${site.base}/api/upload`, { method: 'POST', body: uploadForm([{ name: 'cat.png', data: image, type: 'image/png' }]) });
    const [file] = await uploaded.json() as any[];
    const data = {
      title: 'Signed', cover: file.id, seo: { metaTitle: 'm', metaDescription: 'd', shareImage: file.id },
      blocks: [{ __component: 'shared.media', file: file.id }],
    };
    const created = await site.send('POST', '/api/articles?status=published', { data });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { site, root, documentId: created.body.data.documentId, file };
  } catch (error) {
    await site.stop();
    throw error;
  }
}

const MCP_KEY = 'mcp-signing-test-key-0123456789abcdef';

/** One MCP tool call over HTTP (full-access `CMS_API_TOKEN`), its structured answer. */
async function mcpTool(site: ServedSite, name: string, args: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${site.base}/mcp`, {
    method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${MCP_KEY}` },
  });
  const text = await response.text();
  const data = text.split('\n').find((line) => line.startsWith('data: '));
  const reply = JSON.parse(data ? data.slice(6) : text);
  expect(reply.result?.isError, JSON.stringify(reply)).toBeUndefined();
  return reply.result.structuredContent;
}

/** Every media file an article answer holds: the cover, the SEO component's image, the dynamic zone's file. */
const filesOf = (article: any) => [article.cover, article.seo.shareImage, article.blocks[0].file];

describe('a private bucket\'s media URLs inside document answers, signed as Strapi\'s upload plugin signs them', () => {
  /**
   * The private bucket's site of the tests that read its article (or write documents of their own), MCP on: served once, by the
   * first that asks (REST, GraphQL and MCP answer the same documents, and no test changes the shared article); the public
   * bucket's test has a site of its own.
   */
  let shared: ReturnType<typeof articleWithMedia> | undefined;
  const privateArticle = () => shared ??= articleWithMedia('private', true);
  afterAll(async () => { await (await shared?.catch(() => undefined))?.site.stop(); });

  it('REST: media fields, components and dynamic zones answer signed URLs (each format too) that read the object', async () => {
    const { site, root, documentId } = await privateArticle();
    const one = await fetch(`${site.base}/api/articles/${documentId}?${POPULATE}`);
    expect(one.status).toBe(200);
    const article = (await one.json() as any).data;
    for (const file of filesOf(article)) {
      expect(file.isUrlSigned).toBe(true);
      expect(signed(file.url)).toBe(true);
      for (const format of Object.values<any>(file.formats)) expect([format.isUrlSigned, signed(format.url)]).toEqual([true, true]);
    }
    expect((await fetch(article.cover.url)).status).toBe(200);
    const list = (await site.send('GET', `/api/articles?filters[documentId]=${documentId}&${POPULATE}`)).body.data;
    expect(filesOf(list[0]).every((file: any) => file.isUrlSigned && signed(file.url))).toBe(true);
    // The files in Git keep the plain URL: a signature never reaches content.
    const entry = JSON.parse(readFileSync(join(root, `content/upload/${article.cover.documentId}.json`), 'utf8'));
    expect(signed(entry.url)).toBe(false);
  }, 180_000);

  it('GraphQL answers the same signed URLs, for a document and a list', async () => {
    const { site, documentId } = await privateArticle();
    const query = `{ article(documentId: "${documentId}") { cover { url } seo { shareImage { url } } }
      articles(filters: { documentId: { eq: "${documentId}" } }) { documentId cover { url } } }`;
    const answer = await site.send('POST', '/graphql', { query });
    expect(answer.body.errors).toBeUndefined();
    expect(signed(answer.body.data.article.cover.url)).toBe(true);
    expect(signed(answer.body.data.article.seo.shareImage.url)).toBe(true);
    const listed = answer.body.data.articles.find((article: any) => article.documentId === documentId);
    expect(signed(listed.cover.url)).toBe(true);
    expect((await fetch(listed.cover.url)).status).toBe(200);
  }, 180_000);

  it('GraphQL create and update answers (a draft, then published through status) are signed; delete answers only its documentId',
    async () => {
      const { site, file } = await privateArticle();
      const ask = async (query: string) => {
        const answer = await site.send('POST', '/graphql', { query });
        expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
        return answer.body.data;
      };
      const fields = 'documentId cover { url formats } blocks { ... on ComponentSharedMedia { file { url } } }';
      const isSigned = (article: any) => [article.cover.url, ...Object.values<any>(article.cover.formats).map((format) => format.url),
        article.blocks[0].file.url].every(signed);
      const { createArticle } = await ask(`mutation { createArticle(status: DRAFT, data: { title: "G", cover: "${file.id}",
        blocks: [{ __typename: "ComponentSharedMedia", file: "${file.id}" }] }) { ${fields} } }`);
      expect(isSigned(createArticle)).toBe(true);
      const { documentId } = createArticle;
      for (const status of ['PUBLISHED', 'DRAFT']) {
        const { updateArticle } = await ask(`mutation { updateArticle(documentId: "${documentId}", status: ${status},
          data: { title: "G ${status}" }) { ${fields} } }`);
        expect([status, isSigned(updateArticle)]).toEqual([status, true]);
      }
      expect((await fetch(createArticle.cover.url)).status).toBe(200);
      const { deleteArticle } = await ask(`mutation { deleteArticle(documentId: "${documentId}") { documentId } }`);
      expect(deleteArticle).toEqual({ documentId });
    }, 180_000);

  it('MCP: get_ and list_ answer the same signed URLs (media field, component, dynamic zone), the file unchanged', async () => {
    const { site, root, documentId } = await privateArticle();
    const { data } = await mcpTool(site, 'get_article', { documentId, status: 'published' });
    for (const file of filesOf(data)) expect([file.isUrlSigned, signed(file.url)]).toEqual([true, true]);
    expect((await fetch(data.cover.url)).status).toBe(200);
    const { results } = await mcpTool(site, 'list_article', { status: 'published', filters: { documentId: { $eq: documentId } } });
    // a list populates one level (Strapi's populateDeep(1)): its media field, signed
    expect([results[0].cover.isUrlSigned, signed(results[0].cover.url)]).toEqual([true, true]);
    const entry = JSON.parse(readFileSync(join(root, `content/upload/${data.cover.documentId}.json`), 'utf8'));
    expect(signed(entry.url)).toBe(false);
  }, 180_000);

  it('no cached answer outlives its signatures: no ETag, Cache-Control no-store, and a later read is signed anew', async () => {
    const { site, documentId } = await privateArticle();
    const url = `${site.base}/api/articles/${documentId}?${POPULATE}`;
    const first = await fetch(url);
    expect(first.headers.get('etag')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('no-store');
    const firstAt = signedAt((await first.json() as any).data.cover.url);
    // A later read (the signing clock has moved on: SigV4 dates are whole seconds) carries a new signature, not the cached one.
    let later: string | null = firstAt;
    for (const deadline = Date.now() + 30_000; later === firstAt && Date.now() < deadline;) {
      await pastSecondOf(firstAt);
      later = signedAt((await (await fetch(url, { headers: { 'if-none-match': '*' } })).json() as any).data.cover.url);
    }
    expect(later).not.toBe(firstAt);
    // GraphQL keeps no such answer either: the same query asked again is signed anew.
    const query = { query: `{ article(documentId: "${documentId}") { cover { url } } }` };
    const viaGraphql = async () => signedAt((await site.send('POST', '/graphql', query)).body.data.article.cover.url);
    const graphqlFirst = await viaGraphql();
    let graphqlLater: string | null = graphqlFirst;
    for (const deadline = Date.now() + 30_000; graphqlLater === graphqlFirst && Date.now() < deadline;) {
      await pastSecondOf(graphqlFirst);
      graphqlLater = await viaGraphql();
    }
    expect(graphqlLater).not.toBe(graphqlFirst);
  }, 180_000);

  it('a public bucket\'s answers are as before: plain URLs, no isUrlSigned, tagged and cached (304 on revalidation)', async () => {
    const { site, documentId } = await articleWithMedia();
    try {
      const url = `${site.base}/api/articles/${documentId}?${POPULATE}`;
      const first = await fetch(url);
      const article = (await first.json() as any).data;
      for (const file of filesOf(article)) expect([signed(file.url), 'isUrlSigned' in file]).toEqual([false, false]);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect((await fetch(url, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    } finally {
      await site.stop();
    }
  }, 180_000);
});
