import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Three kinds of test files (issue 39). Most of a file's fixed cost is importing core/ again in a fresh process: a pure in-process
// file (the h3 app without a socket, core's functions, the CLI's program in process) shares one module graph with the other such
// files of its worker (`isolate: false`: measured on test/unit + test/contract, 31 files, CPU 65.7 s → 21.9 s). So does a file that
// starts processes, servers or browsers: they are its own, and it closes them in its afterAll, so nothing of them reaches the next
// file (and the worker's one chromium is shared on purpose, test/studio/browser.ts). Only a file that changes process-wide state
// (env, timers, mocks, cwd, process listeners) keeps a process of its own, as before.

const ROOT = import.meta.dirname;

/**
 * What makes a file run isolated, read from its own text: process-wide state a later file in the same process would inherit (env
 * writes, fake timers, module mocks and stubs, cwd, exit code, process listeners, bench/fuzz.mjs's env secrets). A file may also
 * ask for it with the comment `// vitest: isolate` and a reason. Not `vi.setConfig`: vitest resets the config after every file
 * (vi.resetConfig in its runner, isolated or not), so a file's own limits never reach the next one.
 */
export const NEEDS_ISOLATION = new RegExp([
  'vi\\.(?:mock|doMock|stubEnv|stubGlobal|useFakeTimers)', 'process\\.env\\.\\w+\\s*=[^=]', 'process\\.env\\[[^\\]]+\\]\\s*=[^=]',
  'Object\\.assign\\(process\\.env', 'delete process\\.env', 'process\\.chdir', 'process\\.exitCode', 'process\\.on\\(', 'bench/fuzz',
  '// vitest: isolate',
].join('|'), 'i');

/**
 * What makes a shared-graph file a `processes` one, read from its own text: child processes (the built CLI, PostgreSQL, nginx,
 * chromium, the benchmarks' tools), sockets. A file whose helpers start them out of its sight says so with `// vitest: processes`.
 * A project apart from the pure in-process files, so that those keep their promise (no socket, no child process) and a file that
 * leaves something running is looked for among these.
 */
export const STARTS_PROCESSES = new RegExp([
  'child_process', 'runCms\\(', 'ensureBuilt\\(', 'onRealPort\\(', '\\bserve\\(', 'openStudio\\(', 'chromium', 'startTestPostgres',
  'startNginx', '\\.listen\\(', 'bench/', '// vitest: processes',
].join('|'), 'i');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

const all = testFiles(join(ROOT, 'test')).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
const isolated = all.filter(({ text }) => NEEDS_ISOLATION.test(text)).map(({ file }) => file);
const processes = all.filter(({ text }) => !NEEDS_ISOLATION.test(text) && STARTS_PROCESSES.test(text)).map(({ file }) => file);
const inProcess = all.filter(({ text }) => !NEEDS_ISOLATION.test(text) && !STARTS_PROCESSES.test(text)).map(({ file }) => file);

/** Seconds per file from the last whole run (test/record-durations.mjs); a file not in it counts as long, so it starts early. */
const DURATIONS: Record<string, number> = JSON.parse(readFileSync(join(ROOT, 'test/durations.json'), 'utf8'));

/**
 * Longest files first (issue 39): with two workers, a long file started last runs alone at the end (CI's clean clone has no
 * vitest cache, so vitest's own order was the folders' order, the studio's browser files last): the MCP replay, all in process,
 * once took four minutes. And one project after the other (isolated, processes, in-process), each longest first: vitest 4 keeps a
 * shared worker for the next file only when the file at the head of its queue is of the same project (its pool's `isEqualRunner`),
 * so files of the projects taken in turn by length stopped the shared workers again and again, chromium and the module graph with
 * them. The isolated ones first, having nothing to share; the in-process ones last, being the shortest. The order changes no result.
 */
const PROJECT_ORDER = ['isolated', 'processes', 'in-process'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => DURATIONS[relative(ROOT, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const rank = (spec: TestSpecification) => PROJECT_ORDER.indexOf(spec.project.name);
    return [...files].sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a));
  }
}

export default defineConfig({
  test: {
    // Two files at a time on a 2-core machine: while one waits on the servers, CLIs and browsers it starts, the other computes. The
    // time limits below are sized for a loaded machine (a file's own vi.setConfig or a test's own limit may raise them, never
    // lower them: torture's `}, 60_000)` failed a correct run at load 21; test/unit/suite-timeouts.test.ts keeps it so).
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
    // Files that make a temp folder through a test helper have it removed after the file, also when the helper's module is shared.
    setupFiles: ['test/helpers/after-file.ts', 'test/helpers/reused-connections.ts'],
    // And every temp folder of the run under one, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ['test/helpers/temp-root.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'in-process', include: inProcess, isolate: false } },
      { extends: true, test: { name: 'processes', include: processes, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
