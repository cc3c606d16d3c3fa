import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { copySampleSite } from '../helpers/project.js';
import { cms, editJson } from './helpers.js';

vi.setConfig({ testTimeout: 180_000 });

/** The sample site with `api::tagg.tagg` (public) and `tagz` (authenticated) in its permissions. */
function mistyped(): { root: string; line: number; column: number } {
  const root = copySampleSite();
  editJson(root, 'cms.config.json', (config) => {
    config.permissions.public['api::tagg.tagg'] = config.permissions.public['api::tag.tag'];
    delete config.permissions.public['api::tag.tag'];
    config.permissions.authenticated = { ...config.permissions.authenticated, tagz: ['find'] };
  });
  const lines = readFileSync(join(root, 'cms.config.json'), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes('"api::tagg.tagg"')) + 1;
  return { root, line, column: lines[line - 1].indexOf('"api::tagg.tagg"') + 1 };
}

const MESSAGE = 'permissions.public.api::tagg.tagg names no content type (did you mean "api::tag.tag"?); '
  + 'permissions.authenticated.tagz names no content type (did you mean "tags"?)';

describe('content-type names in cms.config.json', () => {
  it('cms validate reports a permissions key that names no content type at file:line:col, with a did-you-mean', async () => {
    const { root, line, column } = mistyped();
    const result = await cms(['validate', '--root', root]);
    expect(result.stdout).toBe(`cms.config.json:${line}:${column}: ${MESSAGE}\n`);
    expect(result.code).toBe(1);
  });

  it('cms serve refuses to start with that one line and a non-zero exit', async () => {
    ensureBuilt();
    const { root, line, column } = mistyped();
    const run = await promisify(execFile)(process.execPath, [BIN, 'serve', '--root', root, '--port', '0', '--no-watch'],
      { timeout: 20_000 })
      .then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
    expect(run.stderr).toBe(`cms.config.json:${line}:${column}: ${MESSAGE}\n`);
    expect(run.code).toBe(1);
  });

  it('a type named by uid, plural or singular API id passes', async () => {
    const root = copySampleSite();
    editJson(root, 'cms.config.json', (config) => {
      config.permissions.public = { 'api::tag.tag': ['find'], articles: ['find'], author: ['find'],
        'plugin::users-permissions.user': ['me'] };
    });
    const result = await cms(['validate', '--root', root]);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });
});
