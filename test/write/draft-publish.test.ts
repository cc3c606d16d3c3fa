import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE, writeServer, type WriteServer } from './helpers.js';

let server: WriteServer;
beforeAll(async () => {
  server = await writeServer();
});

const get = (path: string) => server.getJson(path);
const files = (id: string) => server.folder('articles').filter((name) => name.startsWith(id));

describe('POST (notes §6)', () => {
  it('without status: creates the draft and publishes it — one plain file, publishedAt set', async () => {
    const { status, body } = await server.post('/api/articles', { title: 'Published on create' });
    expect(status).toBe(201);
    const id = body.data.documentId;
    expect(body.data.publishedAt).toMatch(/Z$/);
    expect(files(id)).toEqual([`${id}.json`]);
    expect(server.json(`content/articles/${id}.json`).publishedAt).toBe(body.data.publishedAt);
    expect((await get(`/api/articles/${id}`)).body.data.title).toBe('Published on create');
    // The plain file is also the draft while both are the same.
    expect((await get(`/api/articles/${id}?status=draft`)).body.data).toMatchObject({ title: 'Published on create', publishedAt: null });
  });

  it('?status=draft: writes only the .draft file; GET default → 404, GET ?status=draft → found', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Draft only' } });
    expect(status).toBe(201);
    const id = body.data.documentId;
    expect(body.data.publishedAt).toBeNull();
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect(server.json(`content/articles/${id}.draft.json`)).not.toHaveProperty('publishedAt');
    expect((await get(`/api/articles/${id}`)).status).toBe(404);
    expect((await get(`/api/articles/${id}?status=draft`)).body.data.title).toBe('Draft only');
  });

  it('an invalid status → 400 ValidationError (project choice)', async () => {
    const { status, body } = await server.sendJson('POST', '/api/articles?status=archived', { data: { title: 'x' } });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
  });
});

describe('PUT (notes §6)', () => {
  it('without status: updates the draft and publishes the merged result; a differing draft file goes', async () => {
    // ws1h… has a published YAML file and a differing .draft.yaml.
    const { status, body } = await server.put(`/api/articles/${SAMPLE.release}`, { views: 5 });
    expect(status).toBe(200);
    // The merged draft (its newer description) is what gets published.
    expect(body.data).toMatchObject({ description: 'Fifty-four issues closed (one more after the party).', views: 5 });
    expect(files(SAMPLE.release)).toEqual([`${SAMPLE.release}.yaml`]);
    expect((await get(`/api/articles/${SAMPLE.release}?status=draft`)).body.data.description)
      .toBe('Fifty-four issues closed (one more after the party).');
  });

  it('?status=draft: writes the .draft file; the published copy is untouched and still served by default', async () => {
    const plain = server.file(`content/articles/${SAMPLE.coffee}.yaml`);
    const { status, body } = await server.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?status=draft`,
      { data: { title: 'Coffee, reconsidered' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ title: 'Coffee, reconsidered', publishedAt: null });
    expect(server.file(`content/articles/${SAMPLE.coffee}.yaml`)).toBe(plain);
    expect(files(SAMPLE.coffee)).toEqual([`${SAMPLE.coffee}.draft.yaml`, `${SAMPLE.coffee}.yaml`]);
    expect((await get(`/api/articles/${SAMPLE.coffee}`)).body.data.title).toBe('Coffee brewing methods compared');
    expect((await get(`/api/articles/${SAMPLE.coffee}?status=draft`)).body.data.title).toBe('Coffee, reconsidered');
  });

  it('?status=draft back to the published values: the draft file goes (the plain file is both again)', async () => {
    const { status } = await server.sendJson('PUT', `/api/articles/${SAMPLE.coffee}?status=draft`,
      { data: { title: 'Coffee brewing methods compared' } });
    expect(status).toBe(200);
    expect(files(SAMPLE.coffee)).toEqual([`${SAMPLE.coffee}.yaml`]);
  });

  it('?status=draft on a draft-only document keeps it unpublished', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Still a draft' } });
    const id = body.data.documentId;
    await server.sendJson('PUT', `/api/articles/${id}?status=draft`, { data: { views: 3 } });
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect((await get(`/api/articles/${id}`)).status).toBe(404);
  });

  it('a default PUT of a draft-only document publishes it', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Publish me by PUT' } });
    const id = body.data.documentId;
    const { status, body: put } = await server.put(`/api/articles/${id}`, {});
    expect(status).toBe(200);
    expect(put.data.publishedAt).not.toBeNull();
    expect(files(id)).toEqual([`${id}.json`]);
  });

  it('a default PUT that would publish an invalid draft → 400 and nothing changes', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { description: 'no title yet' } });
    const id = body.data.documentId;
    const before = server.file(`content/articles/${id}.draft.json`);
    const { status, body: put } = await server.put(`/api/articles/${id}`, { views: 1 });
    expect(status).toBe(400);
    // publishing validates the draft row, whose null title fails yup's string type
    // (recorded: conformance matrix.posts.update.required.null)
    expect(put.error.message).toBe('title must be a `string` type, but the final value was: `null`.');
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect(server.file(`content/articles/${id}.draft.json`)).toBe(before);
  });
});

describe('DELETE (notes §6)', () => {
  it('removes every version in the locale (draft and published)', async () => {
    // xuvi… has a plain file and a differing .draft.json.
    const id = 'xuvirszvhs0w2njrjrg3g8dw';
    expect(files(id)).toHaveLength(2);
    expect(await server.del(`/api/articles/${id}`)).toEqual({ status: 204, text: '' });
    expect(files(id)).toEqual([]);
    expect((await get(`/api/articles/${id}?status=draft`)).status).toBe(404);
  });

  it('?status=draft → 400 `Cannot delete a draft document` (project choice; Strapi answers 500) and nothing goes', async () => {
    const id = SAMPLE.release;
    const before = files(id);
    const response = await server.request(`/api/articles/${id}?status=draft`, { method: 'DELETE' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ data: null, error: { status: 400, name: 'ValidationError',
      message: 'Cannot delete a draft document', details: {} } });
    expect(files(id)).toEqual(before);
  });

  it('a type without D&P ignores status=draft on delete', async () => {
    const { body } = await server.post('/api/tags', { name: 'Delete with status' });
    expect((await server.del(`/api/tags/${body.data.documentId}?status=draft`)).status).toBe(204);
  });
});

describe('publish, unpublish, discardDraft (library: createCms(...).documents(uid))', () => {
  it('publish: the draft becomes the published version and the .draft file goes', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'To publish' } });
    const id = body.data.documentId;
    await documents.publish({ documentId: id });
    expect(files(id)).toEqual([`${id}.json`]);
    const published = await documents.findOne({ documentId: id, status: 'published' });
    expect(published).toMatchObject({ title: 'To publish' });
    expect(published!.publishedAt).not.toBeNull();
    expect((await get(`/api/articles/${id}`)).status).toBe(200);
  });

  it('publish refuses an invalid draft with the publish validation', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { description: 'untitled' } });
    await expect(documents.publish({ documentId: body.data.documentId })).rejects.toMatchObject({ name: 'ValidationError',
      message: 'title must be a `string` type, but the final value was: `null`.' });
    expect(files(body.data.documentId)).toEqual([`${body.data.documentId}.draft.json`]);
  });

  it('unpublish: the published version goes, its content stays as the draft', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.post('/api/articles', { title: 'To unpublish' });
    const id = body.data.documentId;
    await documents.unpublish({ documentId: id });
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect(await documents.findOne({ documentId: id })).toBeNull();
    expect(await documents.findOne({ documentId: id, status: 'draft' })).toMatchObject({ title: 'To unpublish', publishedAt: null });
  });

  it('unpublish of a never-published draft is a ValidationError and leaves the draft as it is', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Never published' } });
    const id = body.data.documentId;
    const message = 'This document is not published: there is nothing to unpublish';
    await expect(documents.unpublish({ documentId: id })).rejects.toMatchObject({ name: 'ValidationError', message });
    expect(files(id)).toEqual([`${id}.draft.json`]);
  });

  it('unpublish keeps a newer draft as it is', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.post('/api/articles', { title: 'v1' });
    const id = body.data.documentId;
    await documents.update({ documentId: id, status: 'draft', data: { title: 'v2' } });
    await documents.unpublish({ documentId: id });
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect(await documents.findOne({ documentId: id, status: 'draft' })).toMatchObject({ title: 'v2' });
  });

  it('discardDraft: the draft goes back to the published version', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.post('/api/articles', { title: 'Kept' });
    const id = body.data.documentId;
    await documents.update({ documentId: id, status: 'draft', data: { title: 'Thrown away' } });
    expect(files(id)).toEqual([`${id}.draft.json`, `${id}.json`]);
    await documents.discardDraft({ documentId: id });
    expect(files(id)).toEqual([`${id}.json`]);
    expect(await documents.findOne({ documentId: id, status: 'draft' })).toMatchObject({ title: 'Kept' });
  });

  it('discardDraft of a never-published document is refused (it would delete the only version)', async () => {
    const documents = server.cms.documents('articles');
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Only draft' } });
    await expect(documents.discardDraft({ documentId: body.data.documentId })).rejects.toMatchObject({ name: 'ValidationError' });
    expect(files(body.data.documentId)).toEqual([`${body.data.documentId}.draft.json`]);
  });

  it('publish of an unknown document → NotFoundError; of a type without D&P → ValidationError', async () => {
    await expect(server.cms.documents('articles').publish({ documentId: 'nosuchdocument' }))
      .rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(server.cms.documents('tags').publish({ documentId: 'b2hjgyg2kdh9a72boali13fe' }))
      .rejects.toMatchObject({ name: 'ValidationError' });
  });

  it('the library create/update/delete take Strapi 5 Document Service parameters', async () => {
    const documents = server.cms.documents('api::article.article');
    const created = await documents.create({ data: { title: 'From the library' }, status: 'draft' });
    expect(created.publishedAt).toBeNull();
    const updated = await documents.update({ documentId: created.documentId as string, data: { views: 7 } });
    expect(updated).toMatchObject({ title: 'From the library', views: 7 });
    expect(updated!.publishedAt).not.toBeNull();
    expect(await documents.delete({ documentId: created.documentId as string })).toEqual({ documentId: created.documentId, deleted: 1 });
    expect(files(created.documentId as string)).toEqual([]);
  });
});

describe('publish routes beside the content API (<prefix>/_cms/…, never a content type path)', () => {
  it('POST /api/_cms/articles/:id/publish, unpublish and discard-draft answer 200 with the resulting version', async () => {
    const { body } = await server.sendJson('POST', '/api/articles?status=draft', { data: { title: 'Over HTTP' } });
    const id = body.data.documentId;
    const publish = await server.sendJson('POST', `/api/_cms/articles/${id}/publish`, {});
    expect(publish.status).toBe(200);
    expect(publish.body.data).toMatchObject({ documentId: id, title: 'Over HTTP' });
    expect(publish.body.data.publishedAt).not.toBeNull();
    expect(files(id)).toEqual([`${id}.json`]);

    await server.sendJson('PUT', `/api/articles/${id}?status=draft`, { data: { title: 'Over HTTP, edited' } });
    const discard = await server.sendJson('POST', `/api/_cms/articles/${id}/discard-draft`, {});
    expect(discard.status).toBe(200);
    expect(discard.body.data).toMatchObject({ title: 'Over HTTP', publishedAt: null });

    const unpublish = await server.sendJson('POST', `/api/_cms/articles/${id}/unpublish`, {});
    expect(unpublish.status).toBe(200);
    expect(files(id)).toEqual([`${id}.draft.json`]);
    expect((await get(`/api/articles/${id}`)).status).toBe(404);
  });
});
