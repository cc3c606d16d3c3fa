import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { resolveConfig } from '../../core/config/load.js';
import { ProjectProblemsError } from '../../core/errors.js';
import { watchProject, type ProjectWatcher } from '../../core/watch/watch.js';
import { BIN } from '../cli/built-cli.js';
import { cms, editJson, eventually, git, initRepo, writeText } from '../git-workflow/helpers.js';
import { copySampleSite, makeProject, REPO_ROOT, startApp } from '../helpers/project.js';

let watchers: ProjectWatcher[] = [];
afterEach(() => { for (const watcher of watchers.splice(0)) watcher.close(); });

describe('a folder that is not a project fails loudly', () => {
  it.each([['validate'], ['serve', '--port', '0'],
    ['get', 'articles']])('cms %s in a folder without schemas/ or a config exits 1 saying so', async (...args) => {
    const empty = mkdtempSync(join(tmpdir(), 'cms-not-a-project-'));
    const run = await cms([...args, '--root', empty]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('not a project: no schemas/ folder and no cms.config.json');
  });

  it('a --root that does not exist is an error, not an empty site', async () => {
    const run = await cms(['validate', '--root', join(tmpdir(), 'cms-no-such-folder-at-all')]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('no such project folder');
  });
});

describe('unknown config keys are errors with a did-you-mean', () => {
  it.each([
    [{ permisions: { public: {} } }, 'permisions', 'permisions is not a known setting (did you mean "permissions"?)'],
    [{ api: { rest: { maxLimt: 10 } } }, 'maxLimt', 'api.rest.maxLimt is not a known setting (did you mean "maxLimit"?)'],
    [{ auth: { jwtExpiresin: '1d' } }, 'jwtExpiresin', 'auth.jwtExpiresin is not a known setting (did you mean "jwtExpiresIn"?)'],
    [{ webhooks: [{ url: 'https://example.org', event: ['entry.create'] }] }, 'event',
      'webhooks[0].event is not a known setting (did you mean "events"?)'],
    [{ colour: 'red' }, 'colour', 'colour is not a known setting'],
  ] as const)('%j: validate and serve exit 1 at the key\'s line', async (edit, key, message) => {
    const root = copySampleSite();
    editJson(root, 'cms.config.json', (config) => Object.assign(config, edit));
    const lines = readFileSync(join(root, 'cms.config.json'), 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes(`"${key}"`)) + 1;
    for (const command of [['validate'], ['serve', '--port', '0']]) {
      const run = await cms([...command, '--root', root]);
      expect(run.code, command[0]).toBe(1);
      expect(run.stdout + run.stderr, command[0]).toContain(`cms.config.json:${line}:`);
      expect(run.stdout + run.stderr, command[0]).toContain(`: ${message}\n`);
    }
  });

  it('the configuration reference\'s example is a valid config: every key it shows is known', async () => {
    const page = readFileSync(join(REPO_ROOT, 'docs/reference/configuration.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(page)![1];
    expect(() => resolveConfig(JSON.parse(example))).not.toThrow();
  });

  it('free maps (permissions per type, breakpoints, export shapes) and $schema take any key', async () => {
    const root = copySampleSite();
    editJson(root, 'cms.config.json', (config) => {
      config.$schema = './cms.schema.json';
      config.upload = { breakpoints: { xlarge: 1920 } };
      config.export = { populate: { full: 'populate=*' } };
    });
    expect((await cms(['validate', '--root', root])).code).toBe(0);
  });
});

describe('a malformed content file is loud everywhere', () => {
  const broken = () => {
    const root = copySampleSite();
    writeText(root, 'content/authors/broken.json', '{ "name": "Broken", }\n');
    return root;
  };

  it('the library reports it on its report channel (stderr by default) and serves the rest', async () => {
    const lines: string[] = [];
    const loaded = await createCms({ root: broken(), report: (line) => lines.push(line) });
    expect(lines).toEqual([expect.stringMatching(/^warning: content\/authors\/broken\.json:1:\d+: invalid JSON/)]);
    expect((await loaded.documents('authors').findMany()).length).toBeGreaterThan(0);
  });

  it('createCms({ strict: true }) throws, naming every malformed file', async () => {
    const error = await createCms({ root: broken(), strict: true, report: () => {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProjectProblemsError);
    expect((error as ProjectProblemsError).problems.map((problem) => problem.file)).toEqual(['content/authors/broken.json']);
  });

  it('the CLI prints it on stderr and still answers', async () => {
    const run = await cms(['get', 'authors', '--root', broken()]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^warning: content\/authors\/broken\.json:1:\d+: invalid JSON/m);
    expect(JSON.parse(run.stdout).data.length).toBeGreaterThan(0);
  });
});

describe('the CLI says what is wrong with its arguments', () => {
  it('an unknown type lists the types and suggests the nearest (exit 2)', async () => {
    for (const command of [['get', 'artcles'], ['create', 'artcles', '--data', '{}'], ['update', 'artcles', 'x', '--data', '{}'],
      ['delete', 'artcles', 'x']]) {
      const run = await cms(command);
      expect(run.code, command[0]).toBe(2);
      expect(run.stderr, command[0]).toBe('cms: unknown content type "artcles" (did you mean "articles"?); types: about, articles, authors, categories, global, tags\n');
    }
  });

  it.each([
    ['update', ['--data', '{"title":"x"}']],
    ['delete', []],
  ])('%s of a collection type without a documentId is a usage error (exit 2), not a 405', async (command, extra) => {
    const run = await cms([command, 'articles', ...extra, '--root', copySampleSite()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cms: give the documentId: cms ${command} articles <documentId>\n`);
  });

  it('delete of nothing says so and exits 1; the HTTP route keeps Strapi\'s 204', async () => {
    const root = copySampleSite();
    const run = await cms(['delete', 'authors', 'no-such-author', '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('nothing to delete: authors no-such-author does not exist');
    editJson(root, 'cms.config.json', (config) => { config.permissions.public['api::author.author'] = ['find', 'findOne', 'delete']; });
    const server = await startApp(root, { report: () => {} });
    expect((await server.request('/api/authors/no-such-author', { method: 'DELETE' })).status).toBe(204);
  });

  it('delete of a real document says how many files went (exit 0)', async () => {
    const root = copySampleSite();
    const run = await cms(['delete', 'authors', 'nvys3yb5qcrc89ob002blkoe', '--root', root]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('deleted authors nvys3yb5qcrc89ob002blkoe (1 file(s))\n');
  });
});

describe('the merge driver runs this project\'s own binary', () => {
  it('git-setup names this package\'s merge driver by absolute path, never `npx cms`', async () => {
    const root = copySampleSite();
    initRepo(root);
    const run = await cms(['git-setup', '--root', root]);
    expect(run.code).toBe(0);
    const driver = git(root, 'config', 'merge.cms.driver');
    expect(driver).toBe(`'${process.execPath}' '${BIN.replace(/bin\.js$/, 'merge-driver.js')}' %O %A %B %L %P`);
    expect(driver).not.toContain('npx');
  });
});

describe('the watcher never serves a half-switched tree', () => {
  it('during git checkout of 150 changed files, every read sees one branch or the other', async () => {
    const tree: Record<string, unknown> = {
      'cms.config.json': { permissions: { public: { 'api::note.note': ['find'] } } },
      'schemas/note.json': { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' },
        options: { draftAndPublish: false }, attributes: { branch: { type: 'string' } } },
    };
    for (let n = 0; n < 150; n++) {
      tree[`content/notes/n${n}.json`] = { branch: 'main', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
    }
    const root = makeProject(tree);
    initRepo(root);
    git(root, 'checkout', '--quiet', '-b', 'other');
    for (let n = 0; n < 150; n++) {
      const note = { branch: 'other', createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
      writeText(root, `content/notes/n${n}.json`, `${JSON.stringify(note, null, 2)}\n`);
    }
    git(root, 'commit', '--quiet', '-am', 'other');
    git(root, 'checkout', '--quiet', 'main');

    const server = await startApp(root, { report: () => {} });
    const watcher = watchProject(server.cms, { report: () => {} });
    watchers.push(watcher);
    const seen = new Set<string>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const branches = new Set(((await server.getJson('/api/notes?pagination[pageSize]=200')).body.data as { branch: string }[])
          .map((note) => note.branch));
        seen.add([...branches].sort().join('+'));
        await new Promise((resolveWait) => setImmediate(resolveWait));
      }
    })();
    const branches = async () => new Set(((await server.getJson('/api/notes?pagination[pageSize]=200')).body.data as { branch: string }[])
      .map((note) => note.branch));
    for (const branch of ['other', 'main', 'other']) {
      git(root, 'checkout', '--quiet', branch);
      // Every checkout is applied whole, however its file events trickle in.
      await eventually(async () => expect(await branches()).toEqual(new Set([branch])), 10_000);
    }
    reading = false;
    await reader;
    const final = ((await server.getJson('/api/notes?pagination[pageSize]=200')).body.data as { branch: string; documentId: string }[])
      .filter((note) => note.branch !== 'other').map((note) => note.documentId);
    expect(final).toEqual([]);
    expect(seen).toEqual(new Set(['main', 'other']));
    expect(readFileSync(join(root, 'content/notes/n0.json'), 'utf8')).toContain('"other"');
  });
});
