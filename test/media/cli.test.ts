import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { registerUpload } from '../../cli/commands/upload.js';
import { createContext } from '../../cli/context.js';
import { reportError } from '../../cli/output.js';
import { extractQuery } from '../../cli/query-args.js';
import { commits, git, initRepo } from '../git-workflow/helpers.js';
import { makeImage, mediaSite } from './helpers.js';

/**
 * Run `cms upload|files …` in process, as cli/program.ts does (its version read needs the built
 * package layout, so the command is registered on a bare program here).
 */
async function cms(root: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, cwd: root,
    env: {} };
  const { argv: rest, search } = extractQuery(argv);
  const program = new Command('cms').exitOverride();
  registerUpload(program, createContext(io), () => search);
  let code = 0;
  try {
    await program.parseAsync(rest, { from: 'user' });
  } catch (error) {
    code = reportError(error, io.stderr);
  }
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

describe('cms upload / cms files', () => {
  it('uploads files with --alt and --caption and prints their entries', async () => {
    const root = mediaSite({ grants: [] });
    writeFileSync(join(root, 'hero.png'), await makeImage(600, 400, 'png'));
    writeFileSync(join(root, 'notes.txt'), 'notes');
    const result = await cms(root, 'upload', 'hero.png', 'notes.txt', '--alt', 'Hero', '--caption', 'Cap');
    expect(result.code).toBe(0);
    const entries = result.json();
    expect(entries.map((entry: any) => [entry.name, entry.mime, entry.alternativeText, entry.caption])).toEqual([
      ['hero.png', 'image/png', 'Hero', 'Cap'],
      ['notes.txt', 'text/plain', 'Hero', 'Cap'],
    ]);
    expect(Object.keys(entries[0].formats)).toEqual(['thumbnail', 'small']);
    expect(existsSync(join(root, 'public', entries[0].url))).toBe(true);
    expect(existsSync(join(root, 'content', 'upload', `${entries[0].documentId}.json`))).toBe(true);
  });

  it('lists with URL query options, gets one file, deletes it and reports the documents it cleared', async () => {
    const root = mediaSite({ grants: [] });
    const list = await cms(root, 'files', 'list', '--sort=name:desc', '--fields=name');
    expect(list.code).toBe(0);
    expect(list.json().map((file: any) => file.name)).toEqual(['pizza-margherita.png', 'default-avatar.png', 'coffee-beans.png']);

    const one = await cms(root, 'files', 'get', 'abf3j3sf1tbbnv1eqosoza59');
    expect(one.json()).toMatchObject({ name: 'default-avatar.png', width: 48 });

    const removed = await cms(root, 'files', 'delete', String(one.json().id));
    expect(removed.code).toBe(0);
    expect(removed.json().name).toBe('default-avatar.png');
    expect(removed.stderr).toMatch(/^deleted file \d+ \(default-avatar\.png\); references cleared in content\/.+authors\//);
    expect(existsSync(join(root, 'public', 'uploads', 'default_avatar_f5a70e15d1.png'))).toBe(false);
  });

  it('fails with exit 1 and a Strapi message for an unknown file', async () => {
    const result = await cms(mediaSite(), 'files', 'get', '999');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('cms: 404 NotFoundError: file.notFound\n');
  });

  it('fails with exit 1 for a path that does not exist', async () => {
    const result = await cms(mediaSite(), 'upload', 'missing.png');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('missing.png');
  });

  it('--git-commit: upload and files delete each commit, authored by the person\'s git identity', async () => {
    const root = mediaSite({ grants: [] });
    writeFileSync(join(root, 'notes.txt'), 'notes');
    const head = initRepo(root);
    git(root, 'config', 'user.name', 'Cy Uploader');
    git(root, 'config', 'user.email', 'cy@example.org');
    const uploaded = await cms(root, 'upload', 'notes.txt', '--git-commit');
    expect(uploaded.code).toBe(0);
    const [entry] = uploaded.json();
    expect((await cms(root, 'files', 'delete', entry.documentId, '--git-commit')).code).toBe(0);
    const made = commits(root).slice(0, commits(root).findIndex((commit) => commit.hash === head));
    expect(made).toHaveLength(2);
    expect(new Set(made.map((commit) => `${commit.author} <${commit.email}>`))).toEqual(new Set(['Cy Uploader <cy@example.org>']));
  });
});
