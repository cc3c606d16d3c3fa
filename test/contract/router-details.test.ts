import { beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestServer } from '../helpers/project.js';

let server: TestServer;
beforeAll(async () => {
  server = await startApp();
});

// Strapi's routes are koa-router's: HEAD before each GET in `Allow`, allowedMethods() answering a
// plain OPTIONS, and case-insensitive paths (sensitive: false).
describe('koa-router details', () => {
  it.each([
    ['/api/articles/jfsgk21o4wtsoknlvf65xsrj', 'HEAD, GET, PUT, DELETE'],
    ['/api/articles', 'HEAD, GET, POST'],
    ['/api/global', 'HEAD, GET, PUT, DELETE'],
  ])('PATCH %s → 405 plain text with Allow: %s', async (path, allow) => {
    const response = await server.request(path, { method: 'PATCH' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.text()).toBe('Method Not Allowed');
  });

  it('a plain OPTIONS (no preflight) → 200, empty body, Allow header', async () => {
    const response = await server.request('/api/articles', { method: 'OPTIONS' });
    expect(response.status).toBe(200);
    expect(response.headers.get('allow')).toBe('HEAD, GET, POST');
    expect(await response.text()).toBe('');
  });

  it('a CORS preflight → 204 with the allowed methods and headers', async () => {
    const response = await server.request('/api/articles', { method: 'OPTIONS', headers: { origin: 'https://site.example',
      'access-control-request-method': 'GET' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS');
  });

  it('matches the API id case-insensitively', async () => {
    const { status, body } = await server.getJson('/api/ARTICLES?pagination[pageSize]=1');
    expect(status).toBe(200);
    expect(body.meta.pagination.total).toBe(13);
  });
});

// Strapi's strapi::security (koa-helmet) and strapi::poweredBy middlewares answer every request.
describe('response headers', () => {
  it('carries Strapi’s security headers and X-Powered-By', async () => {
    const response = await server.request('/api/tags?pagination[pageSize]=1');
    expect(response.headers.get('x-powered-by')).toBe('Strapi <strapi.io>');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://market-assets.strapi.io");
  });

  it('keeps them on errors', async () => {
    const response = await server.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
