import { describe, expect, it } from 'vitest';
import { writeServer } from './helpers.js';

const UNIQUE = 'This attribute must be unique';

describe('unique values follow every write (the lookup is kept in step, not rebuilt)', () => {
  it('a value is taken by a create, freed by an update and by a delete, and taken again', async () => {
    const server = await writeServer();
    const first = await server.post('/api/tags', { name: 'Lookup one' });
    expect(first.status).toBe(201);
    const id = first.body.data.documentId;
    expect((await server.post('/api/tags', { name: 'Lookup one' })).body.error?.message).toBe(UNIQUE);
    // Renamed: the old value is free, the new one is taken.
    expect((await server.put(`/api/tags/${id}`, { name: 'Lookup two' })).status).toBe(200);
    expect((await server.post('/api/tags', { name: 'Lookup two' })).body.error?.message).toBe(UNIQUE);
    const second = await server.post('/api/tags', { name: 'Lookup one' });
    expect(second.status).toBe(201);
    // A document may keep its own value.
    expect((await server.put(`/api/tags/${id}`, { name: 'Lookup two' })).status).toBe(200);
    // Deleted: its value is free again.
    expect((await server.del(`/api/tags/${id}`)).status).toBe(204);
    expect((await server.post('/api/tags', { name: 'Lookup two' })).status).toBe(201);
  });

  it('a file written by hand (the watcher path) takes its value too', async () => {
    const server = await writeServer();
    expect((await server.post('/api/tags', { name: 'Before the edit' })).status).toBe(201);
    const { readContentFile } = await import('../../core/index/read-file.js');
    const { index } = server.cms;
    const model = index.model('api::tag.tag');
    index.setRecord(readContentFile('content/tags/handmadehandmadehandmade1.json', JSON.stringify({ name: 'Made by hand' }), 0, model,
      index.models, index.config));
    expect((await server.post('/api/tags', { name: 'Made by hand' })).body.error?.message).toBe(UNIQUE);
    index.removeRecord('content/tags/handmadehandmadehandmade1.json');
    expect((await server.post('/api/tags', { name: 'Made by hand' })).status).toBe(201);
  });

  it('a generated uid skips values held by any version in the locale, and a freed value is reused', async () => {
    const server = await writeServer();
    const draft = await server.post('/api/articles?status=draft', { title: 'Lookup slug' });
    expect(draft.body.data.slug).toBe('lookup-slug');
    const second = await server.post('/api/articles', { title: 'Lookup slug' });
    expect(second.body.data.slug).toBe('lookup-slug-1');
    expect((await server.put(`/api/articles/${draft.body.data.documentId}?status=draft`, { slug: 'moved-away' })).status).toBe(200);
    expect((await server.post('/api/articles', { title: 'Lookup slug' })).body.data.slug).toBe('lookup-slug');
  });
});
