// cli/bundle.mjs writes content-hashed chunks: a `cms serve` started before a rebuild still holds the previous bin.js, which
// imports its own chunks on first use (a command, GraphQL), so the previous build's chunks must outlive one build. Run on a
// copy of dist/ (the real one serves the other test files meanwhile), with the checkout's node_modules for rolldown.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import { ensureBuilt } from './built-cli.js';

const run = promisify(execFile);
const copy = mkdtempSync(join(tmpdir(), 'cms-bundle-'));

beforeAll(() => ensureBuilt(), 300_000);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('a rebuild keeps the chunks a running bin may still load', { timeout: 120_000 }, () => {
  it('keeps the previous build\'s chunks for one build, then removes them; chunks of no build go at once', async () => {
    cpSync(join(REPO_ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    for (const file of ['bundle.mjs', 'bundle-listhen.mjs']) cpSync(join(REPO_ROOT, 'cli', file), join(copy, 'cli', file));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
    const chunks = join(copy, 'dist/cli/chunks');
    const build = () => run(process.execPath, [join(copy, 'cli/bundle.mjs')], { cwd: copy });
    // The copied dist/ is what the last build left: its chunks, named in .previous, are that build's. As if that build had
    // also made `old-…` (named in .previous) and an earlier one `older-…` (named nowhere). Two builds (a third, run first to
    // settle the copy, made what the copied build had made already): the first keeps what the last one named, the second not.
    const last = readFileSync(join(chunks, '.previous'), 'utf8').split('\n');
    expect(last.length).toBeGreaterThan(10);
    writeFileSync(join(chunks, 'old-AAAAAAAA.js'), 'export {};\n');
    writeFileSync(join(chunks, 'older-BBBBBBBB.js'), 'export {};\n');
    writeFileSync(join(chunks, '.previous'), [...last, 'chunks/old-AAAAAAAA.js'].join('\n'));
    await build();
    const current = readFileSync(join(chunks, '.previous'), 'utf8').split('\n');
    expect(current.length).toBeGreaterThan(10);
    expect(current).not.toContain('chunks/old-AAAAAAAA.js');
    for (const path of [...current, ...last]) expect(existsSync(join(copy, 'dist/cli', path)), path).toBe(true);
    expect(existsSync(join(chunks, 'old-AAAAAAAA.js'))).toBe(true);
    expect(existsSync(join(chunks, 'older-BBBBBBBB.js'))).toBe(false);

    await build();
    expect(readFileSync(join(chunks, '.previous'), 'utf8').split('\n')).toEqual(current);
    expect(existsSync(join(chunks, 'old-AAAAAAAA.js'))).toBe(false);
    for (const path of last.filter((named) => !current.includes(named))) expect(existsSync(join(copy, 'dist/cli', path)), path).toBe(false);
    for (const path of current) expect(existsSync(join(copy, 'dist/cli', path)), path).toBe(true);
  });
});
