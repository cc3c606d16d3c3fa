import type { Reporter, TestModule } from 'vitest/node';

// `npm test`'s last words when some suites could not run here: which program each needs and which test files skipped for it, so
// a green run on a machine without nginx, haproxy, PostgreSQL or chromium never passes for a complete one. (Their titles carry
// the same note: test/helpers/requires.ts.)

// The studio's browser suites say `(skipped: no chromium binary found)` (test/studio/browser.ts finds it through requires.ts).
const NOTES = [/\(skipped: needs ([^;]+);/, /\(skipped: no (chromium) binary found\)/];

/** The skipped tests of a run whose titles say which programs they need: per note, the files and how many tests. */
export function skippedForPrograms(modules: ReadonlyArray<TestModule>): Map<string, Map<string, number>> {
  const byNeed = new Map<string, Map<string, number>>();
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      if (test.result().state !== 'skipped') continue;
      const match = NOTES.map((note) => note.exec(test.fullName)).find(Boolean);
      if (!match) continue;
      const files = byNeed.get(match[1]) ?? new Map<string, number>();
      byNeed.set(match[1], files);
      files.set(module.relativeModuleId, (files.get(module.relativeModuleId) ?? 0) + 1);
    }
  }
  return byNeed;
}

/** Prints, after vitest's summary, the suites skipped for a missing program (nothing when none was). */
export default class SkippedReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byNeed = skippedForPrograms(modules);
    if (!byNeed.size) return;
    const lines = ['', 'Skipped because a program they drive is not installed (CI=true fails instead):'];
    for (const [need, files] of byNeed) {
      const list = [...files].map(([file, count]) => `${file} (${count} test${count === 1 ? '' : 's'})`).join(', ');
      lines.push(`  needs ${need}: ${list}`);
    }
    lines.push('  Install them to run every test: see the README (The two commands).', '');
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
