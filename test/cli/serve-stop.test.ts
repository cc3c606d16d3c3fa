import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_BOOT } from '../../core/storage/write-log-format.js';
import { copySampleSite } from '../helpers/project.js';
import { startServe } from '../helpers/serve-process.js';
import { stopChild } from '../helpers/stop-child.js';
import { BIN, ensureBuilt } from './built-cli.js';

const TOKEN = 'serve-stop-token-0123456789abcdef0123456789';
const ENV = { ...process.env, CMS_API_TOKEN: TOKEN, CMS_API_TOKEN_SALT: 'serve-stop-salt-0123456789abcdef',
  CMS_JWT_SECRET: 'serve-stop-jwt-secret-0123456789abcdef0123' };
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const listed = (root: string, folder: string) => (existsSync(join(root, '.cms', folder)) ? readdirSync(join(root, '.cms', folder)) : []);

describe.skipIf(!CURRENT_BOOT)('cms serve, told to stop', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`closes the site on ${signal}: its last checkpoint made, its recycled files and its serving mark removed`, async () => {
      ensureBuilt();
      const root = copySampleSite();
      const { child, base } = await startServe(BIN, ['--root', root, '--no-watch'], { env: ENV });
      const { data } = await (await fetch(`${base}/api/articles?status=draft`, { headers })).json() as { data: { documentId: string }[] };
      // The first save makes the draft's file, the second replaces it: the replaced file waits in .cms/recycle.
      for (const round of [1, 2]) {
        const saved = await fetch(`${base}/api/articles/${data[0].documentId}?status=draft`,
          { method: 'PUT', headers, body: JSON.stringify({ data: { description: `saved before the stop ${round}` } }) });
        expect(saved.status).toBe(200);
      }
      // (Beside it, empty files the writer thread made ahead for creates.)
      expect(listed(root, 'recycle').filter((name) => statSync(join(root, '.cms', 'recycle', name)).size > 0)).toHaveLength(1);
      expect(listed(root, 'serving')).toHaveLength(1);
      await stopChild(child, signal);
      expect(child.exitCode).toBe(0);
      expect([listed(root, 'wal'), listed(root, 'recycle'), listed(root, 'serving')]).toEqual([[], [], []]);
    });
  }
});
