import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

// The programs some suites drive for real (never a download of their own): Debian's packages, as `.ci/run` installs them.
// Absent on a developer's machine, those suites skip and say so; under CI a missing one fails the run, naming it, so
// nothing goes untested there without anyone noticing.

/** A program a suite needs from the system. */
export type Program = 'nginx' | 'haproxy' | 'postgresql' | 'chromium' | 'wrk';

/** How to install each: Debian's package and Homebrew's formula (the README's list). */
export const INSTALL: Record<Program, { debian: string; homebrew: string }> = {
  nginx: { debian: 'nginx', homebrew: 'nginx' },
  haproxy: { debian: 'haproxy', homebrew: 'haproxy' },
  postgresql: { debian: 'postgresql', homebrew: 'postgresql@17' },
  chromium: { debian: 'chromium', homebrew: '--cask chromium' },
  wrk: { debian: 'wrk', homebrew: 'wrk' },
};

/** `CMS_TEST_WITHOUT=nginx,haproxy`: treat these as absent (to see the skips on a machine that has them). */
const without = (env: NodeJS.ProcessEnv) => new Set((env.CMS_TEST_WITHOUT ?? '').split(',').map((name) => name.trim()).filter(Boolean));

/** Whether the run is CI's: `CI` set to anything but `false` or `0`, as CI services set it. */
export const underCi = (env: NodeJS.ProcessEnv = process.env) => !!env.CI && !['false', '0'].includes(env.CI);

function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(delimiter).filter(Boolean).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Where core/cluster/postgres-server.ts looks: Debian's versioned folders, then the PATH. */
function hasPostgresBinary(name: 'initdb' | 'postgres', env: NodeJS.ProcessEnv): boolean {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian) : [];
  return versions.some((version) => existsSync(join(debian, version, 'bin', name))) || onPath(name, env);
}

/** Debian installs nginx and haproxy in /usr/sbin, which is not on a non-root user's PATH: say so when it is there. */
const SBIN_HINT = (name: string) =>
  existsSync(join('/usr/sbin', name)) ? `${name} is in /usr/sbin, which is not on the PATH` : `${name} is not on the PATH`;

/** Why a program cannot be used here (a sentence), or undefined when it can. */
const CHECKS: Record<Program, (env: NodeJS.ProcessEnv) => string | undefined> = {
  nginx: (env) => (onPath('nginx', env) ? undefined : SBIN_HINT('nginx')),
  haproxy: (env) => (onPath('haproxy', env) ? undefined : SBIN_HINT('haproxy')),
  postgresql: (env) => {
    const absent = (['initdb', 'postgres'] as const).filter((name) => !hasPostgresBinary(name, env));
    if (absent.length) return `PostgreSQL's ${absent.join(' and ')} not found (in /usr/lib/postgresql/*/bin or on the PATH)`;
    // PostgreSQL refuses to run as root: the tests then run it as the `postgres` system user.
    const asRoot = process.getuid?.() === 0;
    return asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0 ? 'running as root needs a "postgres" system user' : undefined;
  },
  chromium: (env) => (chromiumPath(env) ? undefined : 'no chromium binary (/usr/bin/chromium, or set CHROMIUM_PATH)'),
  wrk: (env) => (onPath('wrk', env) ? undefined : 'wrk is not on the PATH'),
};

/** Debian's chromium (what `.ci/run` installs), another usual place, or CHROMIUM_PATH; undefined when none exists. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (without(env).has('chromium')) return undefined;
  const candidates = [
    env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

/** Why `program` is unusable here (also when CMS_TEST_WITHOUT names it), or undefined when a suite can run it. */
export function missingReason(program: Program, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return without(env).has(program) ? `${program} is treated as absent (CMS_TEST_WITHOUT)` : CHECKS[program](env);
}

/** The one-line install of some programs, on Debian and with Homebrew. */
export function installHint(programs: Program[]): string {
  const debian = programs.map((program) => INSTALL[program].debian).join(' ');
  const homebrew = programs.map((program) => `brew install ${INSTALL[program].homebrew}`).join(' && ');
  // Homebrew's PostgreSQL is keg-only: its initdb and postgres are not on the PATH until put there.
  const keg = programs.includes('postgresql') ? ' && export PATH="$(brew --prefix postgresql@17)/bin:$PATH"' : '';
  return `Debian/Ubuntu: sudo apt-get install -y ${debian}; macOS: ${homebrew}${keg}`;
}

export interface Requirement {
  /** True when a program is missing: pass to `describe.skipIf` / `it.skipIf`. */
  skip: boolean;
  /** The missing programs. */
  missing: Program[];
  /** '' when all are present, else ` (skipped: needs nginx; why; install: …)` to append to the suite's title. */
  note: string;
}

/**
 * What a suite needs, checked in `env`: the missing programs and the note for the suite's title. Under CI it throws instead, with
 * the same text, when one is missing.
 */
export function checkRequirement(programs: Program[], env: NodeJS.ProcessEnv): Requirement & { why: string } {
  const reasons = programs.flatMap((program) => {
    const reason = missingReason(program, env);
    return reason ? [{ program, reason }] : [];
  });
  const missing = reasons.map(({ program }) => program);
  if (!missing.length) return { skip: false, missing, note: '', why: '' };
  const why = `${reasons.map(({ reason }) => reason).join('; ')}; install: ${installHint(missing)}`;
  if (underCi(env)) throw new Error(`CI=true and this suite needs ${missing.join(', ')}: ${why}`);
  return { skip: true, missing, note: ` (skipped: needs ${missing.join(', ')}; ${why})`, why };
}

const told = new Set<string>();

/**
 * What a suite needs from the system. When something is missing the suite skips, its title says what and how to install
 * it, and one line goes to stderr (test/helpers/skipped-reporter.ts lists them all again at the end of the run); under CI
 * (`CI=true`) it throws instead, failing the test file with the same text.
 *
 * @example
 * const nginx = requires('nginx');
 * describe.skipIf(nginx.skip)(`cms export on nginx${nginx.note}`, () => { … });
 */
export function requires(...programs: Program[]): Requirement {
  const { why, ...requirement } = checkRequirement(programs, process.env);
  const key = requirement.missing.join(',');
  if (requirement.skip && !told.has(key)) {
    told.add(key);
    process.stderr.write(`\n[tests] SKIPPED, needs ${key}: ${why}\n\n`);
  }
  return requirement;
}
