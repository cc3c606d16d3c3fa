import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../core/index.js';
import * as server from '../core/server.js';
import { REPO_ROOT } from './helpers/project.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
}

const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]);

describe('package surface and dependency direction', () => {
  it('exports the library API by name (what a static-site build imports)', () => {
    expect(Object.keys(library).sort()).toMatchInlineSnapshot(`
      [
        "ApplicationError",
        "CmsError",
        "FileError",
        "ForbiddenError",
        "NotFoundError",
        "PaginationError",
        "PayloadTooLargeError",
        "ServiceUnavailableError",
        "UnauthorizedError",
        "ValidationError",
        "createCms",
        "defineConfig",
        "defineServer",
        "exportApi",
        "formatProject",
        "streamDocuments",
        "toErrorBody",
        "validateProject",
        "watchProject",
      ]
    `);
  });

  it('exports the HTTP face from its own entry (gitcms/server), so the main entry is the content library', () => {
    expect(Object.keys(server).sort()).toEqual(['createApp', 'createNodeHandler', 'serve']);
  });

  it('keeps h3 and listhen in core/http and commander in cli/ (the core knows no face)', () => {
    const offenders: string[] = [];
    for (const file of [...sources(join(REPO_ROOT, 'core')), ...sources(join(REPO_ROOT, 'cli'))]) {
      const path = relative(REPO_ROOT, file);
      for (const source of imports(file)) {
        if ((source === 'h3' || source === 'listhen') && !path.startsWith('core/http/')) offenders.push(`${path} imports ${source}`);
        if (source === 'commander' && !path.startsWith('cli/')) offenders.push(`${path} imports ${source}`);
        if (path.startsWith('core/') && source.startsWith('../../cli')) offenders.push(`${path} imports the CLI`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the engine (schema, parsers, index, query) free of HTTP and process concerns', () => {
    const offenders: string[] = [];
    for (const folder of ['schema', 'parsers', 'index', 'query']) {
      for (const file of sources(join(REPO_ROOT, 'core', folder))) {
        const text = readFileSync(file, 'utf8');
        if (/process\.(exit|stdout|stderr|argv)/.test(text)) offenders.push(relative(REPO_ROOT, file));
        for (const source of imports(file)) {
          if (source.includes('/http/') || source.includes('/strapi/')) offenders.push(`${relative(REPO_ROOT, file)} imports ${source}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
