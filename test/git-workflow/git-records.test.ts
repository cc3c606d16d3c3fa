// git's records (a folder at a commit, the tracked files, a file's history, the file times) are read one way
// (core/git/git-records.ts): names as they are, a stop that ends the program, and the program's own failure as the error.
import { describe, expect, it } from 'vitest';
import { createGit } from '../../core/git/git.js';
import { readFileTimes } from '../../core/git/file-times.js';
import { eachGitRecord, gitList } from '../../core/git/git-records.js';
import { createWorkTree } from '../../core/git/work-tree.js';
import { makeProject } from '../helpers/project.js';
import { git, initRepo, writeText } from './helpers.js';

const NAMES = ['content/notes/a"b.json', 'content/notes/café.json', 'content/notes/plain.json'];

function repository(): string {
  const root = makeProject(Object.fromEntries(NAMES.map((name) => [name, { name }])));
  initRepo(root);
  return root;
}

/** A git alias that writes `yes` forever: only a stop ends it. */
const FOREVER = ['-c', 'alias.forever=!yes', 'forever'];

describe('git records read as they stream', () => {
  it('lists names as they are, not quoted (a quote, a non-ASCII letter), through every listing that reads them', async () => {
    const root = repository();
    expect(await gitList(root, ['ls-tree', '-r', '--name-only', '-z', 'HEAD', '--', 'content/'], { nul: true })).toEqual(NAMES);
    expect(await createGit(root).listFiles('HEAD', 'content/notes')).toEqual(NAMES);
    expect(await createWorkTree(root).namesAtHead('content/notes')).toEqual(['a"b.json', 'café.json', 'plain.json']);
  });

  it("gives the file times of names git quotes in lines (a quote, a backslash, a newline, a non-ASCII letter), and drops them when changed", async () => {
    const odd = ['content/notes/café "x".json', 'content/notes/back\\slash.json', 'content/notes/new\nline.json'];
    const root = makeProject(Object.fromEntries([...odd, 'content/notes/plain.json'].map((name) => [name, { name }])));
    initRepo(root);
    const committed = new Date(git(root, 'log', '-1', '--format=%aI')).toISOString();
    const history = await readFileTimes(root);
    expect(Object.fromEntries(history.times)).toEqual(Object.fromEntries([...odd, 'content/notes/plain.json'].map((name) => [name, committed])));
    // Changed since their commit: they answer their modification time, so they are left out (`git diff`, read the same way).
    for (const name of odd) writeText(root, name, '{ "name": "changed" }\n');
    await history.refresh(odd);
    expect([...history.times.keys()]).toEqual(['content/notes/plain.json']);
  });

  it('leaves out empty records and those `pick` leaves out', async () => {
    const root = repository();
    const lines = await gitList(root, ['-c', 'alias.gaps=!printf "one\\n\\n\\ntwo\\nskip\\n"', 'gaps'], {},
      (line) => (line === 'skip' ? undefined : line.toUpperCase()));
    expect(lines).toEqual(['ONE', 'TWO']);
  });

  it('stops where `each` answers false: the program, which would write forever, is ended and the call resolves', async () => {
    const root = repository();
    const seen: string[] = [];
    await eachGitRecord(root, FOREVER, (line) => { seen.push(line); return seen.length < 3; });
    expect(seen).toEqual(['y', 'y', 'y']);
  });

  it("rejects with `each`'s error, the program ended", async () => {
    const root = repository();
    const refused = new Error('not this one');
    await expect(eachGitRecord(root, FOREVER, () => { throw refused; })).rejects.toBe(refused);
  });

  it("rejects with the program's own failure (exit code, stderr) when it fails after records were handed", async () => {
    const root = repository();
    const seen: string[] = [];
    const failing = ['-c', 'alias.fail=!printf "one\\ntwo\\n"; echo broken >&2; exit 3', 'fail'];
    const error = await eachGitRecord(root, failing, (line) => { seen.push(line); }).catch((caught: unknown) => caught);
    expect(seen).toEqual(['one', 'two']);
    expect(error).toMatchObject({ code: 3, stderr: expect.stringContaining('broken') });
  });
});
