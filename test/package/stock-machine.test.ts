import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestModule } from 'vitest/node';
import { REPO_ROOT } from '../helpers/project.js';
import { checkRequirement, installHint } from '../helpers/requires.js';
import { skippedForPrograms } from '../helpers/skipped-reporter.js';

// What a new contributor meets on a fresh clone (issue 39): `npm install` leaves the lock as committed, and `npm test` says what
// it needs from the system instead of failing on a missing program.

type Manifest = Record<string, unknown> & { name: string; version: string };
const read = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as Manifest;
const DEPENDENCY_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
// What npm copies from package.json into the lock's root entry (@npmcli/arborist's shrinkwrap.js, pkgMetaKeys, and
// devDependencies for the root); npm install rewrites the lock when one differs.
const ROOT_KEYS = [
  'name', 'version', 'dependencies', 'devDependencies', 'peerDependencies', 'peerDependenciesMeta', 'optionalDependencies',
  'bundleDependencies', 'acceptDependencies', 'funding', 'engines', 'os', 'cpu', 'libc', 'license', 'bin', 'deprecated', 'workspaces',
];

describe('package-lock.json is in step with package.json (npm install leaves git status clean)', () => {
  const manifest = read('package.json');
  const lock = read('package-lock.json') as Manifest & { packages: Record<string, Record<string, unknown>> };

  it('has the root entry npm would write: name, version, bins, dependency ranges, engines, license', () => {
    const nonEmpty = (value: unknown) => value !== undefined && !(typeof value === 'object' && value && !Object.keys(value).length);
    const expected = Object.fromEntries(ROOT_KEYS.filter((key) => nonEmpty(manifest[key])).map((key) => [key, manifest[key]]));
    const { hasInstallScript: _computed, ...root } = lock.packages[''];
    expect(root).toEqual(expected);
    expect([lock.name, lock.version]).toEqual([manifest.name, manifest.version]);
  });

  it('resolves every declared dependency', () => {
    const declared = DEPENDENCY_KEYS.flatMap((key) => Object.keys((manifest[key] ?? {}) as Record<string, string>));
    expect(declared.filter((name) => !lock.packages[`node_modules/${name}`])).toEqual([]);
  });

  it('keeps what only the docs, benchmarks and tests use out of what a project depending on gitcms installs', () => {
    const runtime = Object.keys(manifest.dependencies as Record<string, string>);
    for (const tool of ['vitepress', 'playwright-core', 'autocannon', 'vitest', 'typescript', '@redocly/cli', 'axe-core']) {
      expect(runtime).not.toContain(tool);
    }
  });
});

describe('prepare builds the checkout, except for npx and for another project installing it', () => {
  const { scripts } = read('package.json') as Manifest & { scripts: Record<string, string> };
  const made: string[] = [];
  afterAll(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

  /** Run package.json's prepare in a package whose build only leaves a mark, as npm runs it (cwd, npm_command, INIT_CWD). */
  function prepare(options: { built: boolean; command: string; from?: string }): boolean {
    const dir = mkdtempSync(join(tmpdir(), 'cms-prepare-'));
    made.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts: { build: 'echo > rebuilt' } }));
    if (options.built) {
      mkdirSync(join(dir, 'dist/cli'), { recursive: true });
      writeFileSync(join(dir, 'dist/cli/bin.js'), '');
    }
    const env = { ...process.env, npm_command: options.command, INIT_CWD: options.from ?? dir };
    execFileSync('sh', ['-c', scripts.prepare], { cwd: dir, env, stdio: 'pipe' });
    return existsSync(join(dir, 'rebuilt'));
  }

  it.each([
    ['npm install in the checkout', 'builds', { built: true, command: 'install' }],
    ['npm pack', 'builds', { built: true, command: 'pack' }],
    ['npx cms in a checkout already built', 'keeps', { built: true, command: 'exec' }],
    ['npx cms in a checkout never built', 'builds', { built: false, command: 'exec' }],
    ['npm install in a project depending on file:<checkout>', 'keeps', { built: true, command: 'install', from: tmpdir() }],
  ])('%s %s dist/', (_what, outcome, options) => {
    expect(prepare(options)).toBe(outcome === 'builds');
  });
});

describe('suites that drive a system program (nginx, haproxy, PostgreSQL, chromium)', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cms-no-programs-'));
  const stocked = mkdtempSync(join(tmpdir(), 'cms-programs-'));
  for (const name of ['nginx', 'haproxy']) {
    writeFileSync(join(stocked, name), '#!/bin/sh\n');
    chmodSync(join(stocked, name), 0o755);
  }
  afterAll(() => { for (const dir of [empty, stocked]) rmSync(dir, { recursive: true, force: true }); });

  it('skip when the program is not on the PATH, naming it and its one-line install on Debian and with Homebrew', () => {
    const requirement = checkRequirement(['nginx', 'haproxy'], { PATH: empty });
    expect(requirement.skip).toBe(true);
    expect(requirement.missing).toEqual(['nginx', 'haproxy']);
    // Where Debian installed them in /usr/sbin (not on a non-root user's PATH), the note says so.
    const notOnPath = (name: string) => `${name} is ${existsSync(`/usr/sbin/${name}`) ? 'in /usr/sbin, which is ' : ''}not on the PATH`;
    expect(requirement.note).toContain(`skipped: needs nginx, haproxy; ${notOnPath('nginx')}; ${notOnPath('haproxy')}`);
    expect(requirement.note).toContain('sudo apt-get install -y nginx haproxy');
    expect(requirement.note).toContain('brew install nginx && brew install haproxy');
  });

  it('run when it is there', () => {
    expect(checkRequirement(['nginx', 'haproxy'], { PATH: stocked })).toMatchObject({ skip: false, missing: [], note: '' });
  });

  it('fail under CI=true, naming what is missing, so nothing goes untested there', () => {
    expect(() => checkRequirement(['nginx', 'haproxy'], { PATH: `${stocked}:${empty}`, CI: 'true', CMS_TEST_WITHOUT: 'haproxy' }))
      .toThrow('CI=true and this suite needs haproxy: haproxy is treated as absent (CMS_TEST_WITHOUT)');
    expect(checkRequirement(['nginx'], { PATH: empty, CI: 'false' }).skip).toBe(true);
  });

  it('skip PostgreSQL and chromium when CMS_TEST_WITHOUT names them, whatever is installed', () => {
    const requirement = checkRequirement(['postgresql', 'chromium'], { PATH: stocked, CMS_TEST_WITHOUT: 'postgresql, chromium' });
    expect(requirement.missing).toEqual(['postgresql', 'chromium']);
    expect(installHint(requirement.missing)).toBe(
      'Debian/Ubuntu: sudo apt-get install -y postgresql chromium; macOS: brew install postgresql@17 && brew install --cask chromium'
      + ' && export PATH="$(brew --prefix postgresql@17)/bin:$PATH"',
    );
  });

  it('are listed at the end of the run by file, with how many of their tests skipped', () => {
    const test = (fullName: string, state = 'skipped') => ({ fullName, result: () => ({ state }) });
    const module = (relativeModuleId: string, tests: ReturnType<typeof test>[]) =>
      ({ relativeModuleId, children: { allTests: () => tests } }) as unknown as TestModule;
    const needsNginx = 'cms export on nginx (skipped: needs nginx; nginx is not on the PATH; install: …)';
    const listed = skippedForPrograms([
      module('test/a.test.ts', [test(`${needsNginx} > loads`), test(`${needsNginx} > answers`), test('other', 'passed')]),
      module('test/b.test.ts', [test('the studio (skipped: no chromium binary found) > opens'), test('skipped by hand')]),
    ]);
    expect([...listed].map(([need, files]) => [need, [...files]])).toEqual([
      ['nginx', [['test/a.test.ts', 2]]],
      ['chromium', [['test/b.test.ts', 1]]],
    ]);
  });
});
