import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { resolveConfig } from '../../core/config/load.js';
import { TEST_ENV } from '../auth/helpers.js';
import { copySampleSite, startApp } from '../helpers/project.js';

const ARTICLE = 'leo9mpmgjqi9e4y3lvswznjb';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
export const PREVIEW = {
  enabled: true,
  config: {
    allowedOrigins: ['http://localhost:4321'],
    urls: { articles: 'http://localhost:4321/preview/articles/{documentId}?locale={locale}&status={status}&secret={secret}' },
  },
};

/** The sample site with `preview` in its cms.config.json. */
function siteWithPreview(preview: unknown = PREVIEW): string {
  const root = copySampleSite();
  const file = join(root, 'cms.config.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), preview }, null, 2));
  return root;
}

describe('preview settings (Strapi 5\'s preview, a URL template per content type)', () => {
  it.each([
    [{ enable: true }, 'preview.enable is not a known setting (did you mean "enabled"?)'],
    [{ config: { allowedOrigin: [] } }, 'preview.config.allowedOrigin is not a known setting (did you mean "allowedOrigins"?)'],
    [{ config: { allowedOrigins: ['localhost:4321'] } },
      'preview.config.allowedOrigins must be a list of origins such as "http://localhost:4321"'],
    [{ config: { allowedOrigins: ['http://a.test'], urls: { articles: 'http://a.test/{documentID}' } } },
      'preview.config.urls.articles: {documentID} is not a placeholder (did you mean "documentId"?)'],
    [{ config: { allowedOrigins: ['http://a.test'], urls: { articles: 'http://b.test/{documentId}' } } },
      'preview.config.urls.articles: its origin http://b.test is not in preview.config.allowedOrigins'],
  ])('refuses %j', (preview, message) => {
    expect(() => resolveConfig({ preview })).toThrow(message);
  });

  it('refuses a URL for a content type that does not exist, with a did-you-mean', async () => {
    const root = siteWithPreview({ ...PREVIEW, config: { ...PREVIEW.config, urls: { articels: PREVIEW.config.urls.articles } } });
    await expect(createCms({ root, env: TEST_ENV,
      report: () => {} })).rejects.toThrow('preview.config.urls.articels names no content type (did you mean "articles"?)');
  });

  it('answers the studio the preview URL with the document, locale, status and draft secret, and lets the page frame that origin', async () => {
    const site = await startApp(siteWithPreview(), { env: { ...TEST_ENV, PREVIEW_SECRET: 'draft s3cret' } });
    const token = (await site.cms.auth.tokens.create({ name: 'Owner', type: 'full-access' })).accessKey;
    const answer = await site.getJson(`/admin/api/preview?type=articles&documentId=${ARTICLE}&locale=fr&status=draft`,
      { headers: bearer(token) });
    expect(answer.body)
      .toEqual({ data: { url: `http://localhost:4321/preview/articles/${ARTICLE}?locale=fr&status=draft&secret=draft%20s3cret` } });
    expect((await site.getJson('/admin/api/preview?type=authors&documentId=x', { headers: bearer(token) })).body).toEqual({ data: null });
    expect((await site.getJson(`/admin/api/preview?type=articles&documentId=${ARTICLE}`)).status).toBe(401);
    const page = await site.request('/admin/');
    expect(page.headers.get('content-security-policy')).toMatch(/;frame-src 'self' http:\/\/localhost:4321$/);
  });

  it('is off by default: no URL, no frame origin', async () => {
    const site = await startApp(copySampleSite(), { env: TEST_ENV });
    const token = (await site.cms.auth.tokens.create({ name: 'Owner', type: 'full-access' })).accessKey;
    expect((await site.getJson(`/admin/api/preview?type=articles&documentId=${ARTICLE}`,
      { headers: bearer(token) })).body).toEqual({ data: null });
    expect((await site.request('/admin/')).headers.get('content-security-policy')).not.toContain('frame-src');
  });
});
