// A branch write that cannot be committed is not acknowledged and not visible; concurrent writes to one branch take turns.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startApp } from '../helpers/project.js';
import { seededCopy } from '../helpers/seeded-repo.js';
import { git, initRepo, status, writableSample } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const spring = { 'cms-branch': 'spring' };

async function site() {
  // Copied from one made per file (test/helpers/seeded-repo.ts): one git process instead of four.
  const root = await seededCopy('spring', () => {
    const made = writableSample();
    initRepo(made);
    git(made, 'branch', 'spring');
    return made;
  });
  return { root, server: await startApp(root, { report: () => {} }) };
}

describe('branch writes that fail, and branch writes at once', () => {
  it('a commit git refuses (the ref is locked) answers 409 after its retries, and the branch shows nothing of it', async () => {
    const { root, server } = await site();
    const tip = git(root, 'rev-parse', 'spring');
    const lock = join(root, '.git', 'refs', 'heads', 'spring.lock');
    writeFileSync(lock, `${tip}\n`);
    const refused = await server.sendJson('POST', '/api/tags', { data: { name: 'Never acknowledged' } }, spring);
    expect([refused.status, refused.body.error?.name]).toEqual([409, 'ConflictError']);
    expect(git(root, 'rev-parse', 'spring')).toBe(tip);
    const listed = (await server.getJson('/api/tags?pagination[pageSize]=100', { headers: spring })).body.data;
    expect(listed.map((tag: { name: string }) => tag.name)).not.toContain('Never acknowledged');
    // Its unique name was never taken: once git lets the ref move, the same write goes through.
    rmSync(lock);
    const written = await server.sendJson('POST', '/api/tags', { data: { name: 'Never acknowledged' } }, spring);
    expect(written.status).toBe(201);
    expect(git(root, 'log', '--format=%s', 'main..spring')).toBe(`Create api::tag.tag ${written.body.data.documentId}`);
    expect(status(root)).toEqual([]);
  });

  it('twelve concurrent writes to one branch are twelve commits, one after another, none lost', async () => {
    const { root, server } = await site();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, at) =>
      server.sendJson('POST', '/api/tags', { data: { name: `Concurrent ${at}` } }, spring)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    expect(git(root, 'rev-list', '--count', 'main..spring')).toBe('12');
    // Each commit adds exactly its own file on top of the one before.
    const added = git(root, 'log', '--format=', '--name-status', 'main..spring').split('\n').filter(Boolean);
    expect(added).toHaveLength(12);
    expect(added.every((line) => line.startsWith('A\t'))).toBe(true);
    const names = (await server.getJson('/api/tags?pagination[pageSize]=100', { headers: spring })).body.data
      .map((tag: { name: string }) => tag.name);
    for (let at = 0; at < 12; at++) expect(names).toContain(`Concurrent ${at}`);
    expect(status(root)).toEqual([]);
  });
});
