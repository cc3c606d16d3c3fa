import { describe, expect, it } from 'vitest';
import { makeImage, mediaServer, uploadForm, type MediaServer } from './helpers.js';

/** A fresh text entry and the version its GET answers. */
async function entryWithVersion(server: MediaServer, name: string): Promise<{ id: number; version: string }> {
  const [file] = (await server.upload(uploadForm([{ name, data: name, type: 'text/plain' }]))).body;
  const got = await server.request(`/api/upload/files/${file.id}`);
  expect(got.status).toBe(200);
  const version = got.headers.get('document-version');
  expect(version).toMatch(/^"[\w-]{27}"$/);
  return { id: file.id, version: version! };
}

const json = (body: unknown, version: string) => ({
  method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'if-match': version },
});

describe('media entries carry Document-Version and honour If-Match like documents', () => {
  it('a metadata update with the current version goes through and answers the new version; a stale one is a 412 three times over', async () => {
    const server = await mediaServer();
    const { id, version } = await entryWithVersion(server, 'notes.txt');
    const first = await server.request(`/api/upload?id=${id}`, json({ fileInfo: { caption: 'First' } }, version));
    expect(first.status).toBe(200);
    const next = first.headers.get('document-version');
    expect(next).toMatch(/^"[\w-]{27}"$/);
    expect(next).not.toBe(version);
    for (const caption of ['Stale 1', 'Stale 2', 'Stale 3']) {
      const stale = await server.request(`/api/upload?id=${id}`, json({ fileInfo: { caption } }, version));
      expect(stale.status).toBe(412);
      expect(await stale.json()).toEqual({ data: null, error: {
        status: 412, name: 'PreconditionFailedError', message: 'This document changed since you opened it', details: { current: next },
      } });
    }
    expect((await server.getJson(`/api/upload/files/${id}`)).body.caption).toBe('First');
  });

  it('a file replace with a stale version is refused and keeps the old bytes', async () => {
    const server = await mediaServer();
    const { id, version } = await entryWithVersion(server, 'old.txt');
    await server.request(`/api/upload?id=${id}`, json({ fileInfo: { caption: 'Moved on' } }, version));
    const form = uploadForm([{ name: 'new.png', data: await makeImage(40, 30, 'png'), type: 'image/png' }]);
    const stale = await server.upload(form, `?id=${id}`, { 'if-match': version });
    expect(stale.status).toBe(412);
    expect((await server.getJson(`/api/upload/files/${id}`)).body).toMatchObject({ name: 'old.txt', mime: 'text/plain' });
  });

  it('a delete with a stale version is refused and deletes nothing; with the current one it deletes', async () => {
    const server = await mediaServer();
    const { id, version } = await entryWithVersion(server, 'keep.txt');
    const moved = await server.request(`/api/upload?id=${id}`, json({ fileInfo: { caption: 'Edited' } }, version));
    const stale = await server.request(`/api/upload/files/${id}`, { method: 'DELETE', headers: { 'if-match': version } });
    expect(stale.status).toBe(412);
    expect((await server.getJson(`/api/upload/files/${id}`)).status).toBe(200);
    const current = await server.request(`/api/upload/files/${id}`,
      { method: 'DELETE', headers: { 'if-match': moved.headers.get('document-version')! } });
    expect(current.status).toBe(200);
    expect((await server.getJson(`/api/upload/files/${id}`)).status).toBe(404);
  });

  it('without If-Match (every Strapi client) writes go through as before', async () => {
    const server = await mediaServer();
    const { id } = await entryWithVersion(server, 'plain.txt');
    expect((await server.sendJson('POST', `/api/upload?id=${id}`, { fileInfo: { caption: 'No header' } })).status).toBe(200);
    expect((await server.request(`/api/upload/files/${id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
