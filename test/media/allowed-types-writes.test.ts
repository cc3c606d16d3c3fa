import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySampleSite, startApp } from '../helpers/project.js';

/** A sample site with an audio file entry, and an owner who may update authors. */
function siteWithAudio(): string {
  const root = copySampleSite();
  const config = JSON.parse(readFileSync(join(root, 'cms.config.json'), 'utf8'));
  config.permissions.public['api::author.author'] = ['find', 'findOne', 'update'];
  writeFileSync(join(root, 'cms.config.json'), JSON.stringify(config));
  const image = JSON.parse(readFileSync(join(root, 'content/upload/k4h9a2dz4n5hognvjhts7j3m.json'), 'utf8'));
  writeFileSync(join(root, 'content/upload/songsongsongsongsongsong.json'), JSON.stringify({
    ...image, name: 'song.mp3', alternativeText: null, caption: null, width: null, height: null, formats: null,
    hash: 'song_0123456789', ext: '.mp3', mime: 'audio/mpeg', url: '/uploads/song_0123456789.mp3',
  }));
  return root;
}

// Strapi 5.54 does not enforce a media attribute's allowedTypes on REST writes (the admin panel's
// picker filters by it); it stores the file and reads it back (recorded: comp.media.wrong.type,
// comp.seo.image.file, comp.read.8).
describe('allowedTypes on document writes', () => {
  it('stores an audio file in an images-only field and reads it back, as Strapi does', async () => {
    const root = siteWithAudio();
    const server = await startApp(root);
    const { status, body } = await server.sendJson('PUT', '/api/authors/g5nep3nk2vklh3r9oo6o7oju?populate=avatar',
      { data: { avatar: 'songsongsongsongsongsong' } });
    expect(status).toBe(200);
    expect(body.data.avatar).toMatchObject({ documentId: 'songsongsongsongsongsong', mime: 'audio/mpeg' });
    // The content file holding the link loads again as it is.
    const reloaded = await startApp(root);
    const again = await reloaded.getJson('/api/authors/g5nep3nk2vklh3r9oo6o7oju?populate=avatar');
    expect(again.status).toBe(200);
    expect(again.body.data.avatar.name).toBe('song.mp3');
  });

  it('accepts an image in the same field', async () => {
    const server = await startApp(siteWithAudio());
    const { status, body } = await server.sendJson('PUT', '/api/authors/g5nep3nk2vklh3r9oo6o7oju?populate=avatar',
      { data: { avatar: 'k4h9a2dz4n5hognvjhts7j3m' } });
    expect(status).toBe(200);
    expect(body.data.avatar.mime).toBe('image/png');
  });
});
