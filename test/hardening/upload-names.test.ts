import { beforeAll, describe, expect, it } from 'vitest';
import { fileHash, MAX_HASH_BASE } from '../../core/media/naming.js';
import { makeImage, mediaServer, uploadForm, type MediaServer } from '../media/helpers.js';

/**
 * Issue 11, Low: an upload whose name is over ~220 characters answered 500 ENAMETOOLONG: the
 * stored file is named after the slugified name (plus `_<10 hex>`, the extension and, for
 * formats, `thumbnail_`…), and a file name may have at most 255 bytes. The slug in the hash is
 * cut to MAX_HASH_BASE characters; the entry's `name` keeps what the client sent. A name over
 * 255 characters is refused as `cms validate` refuses it (test/media/upload-validate-rules.test.ts).
 */

let server: MediaServer;
beforeAll(async () => {
  server = await mediaServer();
});

describe('long upload names', () => {
  it.each([220, 251])('a %i-character name is stored (201) with a bounded hash, formats included', async (length) => {
    const name = `${'a'.repeat(length - 4)}.png`;
    const { status, body } = await server.upload(uploadForm([{ name, data: await makeImage(400, 300, 'png'), type: 'image/png' }]));
    expect(status).toBe(201);
    const [file] = body;
    expect(file.name).toBe(name);
    expect(file.hash).toMatch(new RegExp(`^a{${MAX_HASH_BASE}}_[0-9a-f]{10}$`));
    expect(server.stored(`${file.hash}.png`)).toBe(true);
    expect(Object.keys(file.formats)).toEqual(['thumbnail']);
    expect(server.stored(`thumbnail_${file.hash}.png`)).toBe(true);
  });

  it('a short name keeps Strapi\'s hash (the whole slug)', () => {
    expect(fileHash('Pizza margherita')).toMatch(/^Pizza_margherita_[0-9a-f]{10}$/);
  });

  it('a slug cut at a separator does not end in one', () => {
    expect(fileHash(`${'a'.repeat(MAX_HASH_BASE - 1)} b`)).toMatch(new RegExp(`^a{${MAX_HASH_BASE - 1}}_[0-9a-f]{10}$`));
  });
});
