import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { readDoc } from './doc-files.js';

// The reference pages that come from the code are committed (they read on GitHub too); each must equal a fresh generation, so a
// command, option, TSDoc comment, setting or Project choice changed without `npm run docs:reference` fails here.
type Generate = typeof import('../../docs/.vitepress/reference/generate.mjs');
let generate: Generate;
beforeAll(async () => {
  ensureBuilt();
  generate = await import('../../docs/.vitepress/reference/generate.mjs');
}, 120_000);

describe('generated reference pages are up to date (npm run docs:reference)', () => {
  it('docs/reference/cli.md and library-api.md', async () => {
    for (const [path, text] of Object.entries(await generate.generatedPages())) expect(readDoc(`docs/${path}`), path).toBe(text);
  }, 240_000);

  it('the config key table and the Project choices cases', () => {
    for (const [name, [path, text]] of Object.entries(generate.generatedRegions())) {
      const page = readDoc(`docs/${path}`);
      expect(page, `${path} (${name})`).toBe(generate.withRegion(page, name, text));
    }
  });
});

describe('the CLI reference covers the program', () => {
  it('names every command and option that --help shows', async () => {
    const { createProgram } = await import('../../dist/cli/program.js');
    const { createContext } = await import('../../dist/cli/context.js');
    const sink = { write: () => true };
    const program = await createProgram(createContext({ stdout: sink, stderr: sink, cwd: REPO_ROOT, env: {} }), () => '', () => {});
    const page = readDoc('docs/reference/cli.md');
    const missing: string[] = [];
    const walk = (command: typeof program, path: string[]) => {
      for (const sub of command.commands.filter((candidate) => candidate.name() !== 'help')) {
        const name = [...path, sub.name()].join(' ');
        if (!page.includes(`## ${name}\n`)) missing.push(name);
        for (const option of sub.options) if (!page.includes(`\`${option.flags}\``)) missing.push(`${name} ${option.flags}`);
        walk(sub, [...path, sub.name()]);
      }
    };
    walk(program, ['cms']);
    expect(missing).toEqual([]);
  });
});

describe('the Project choices', () => {
  it('has a row on the conformance page for every choice choices.json names (the project-code sets\' too)', () => {
    const page = readDoc('docs/reference/conformance.md');
    const table = page.slice(page.indexOf('## Project choices'), page.indexOf('## Recorded cases'));
    const rows = new Set([...table.matchAll(/^\| (.+?) \|/gm)].map((match) => match[1]));
    const sets = readdirSync(join(REPO_ROOT, 'test/extensions'))
      .filter((set) => existsSync(join(REPO_ROOT, 'test/extensions', set, 'choices.json')))
      .map((set) => `test/extensions/${set}/choices.json`);
    const named = new Set(['test/conformance/choices.json', ...sets].flatMap((file) => Object.values(
      JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as Record<string, { choice: string }>,
    ).map((entry) => entry.choice)));
    expect([...named].filter((choice) => !rows.has(choice))).toEqual([]);
  });
});

describe('conformance figures in the README and the conformance page', () => {
  /** One recorded schema set's figures: its cases, the Project choices among them, the open differences. */
  const figuresOf = (dir: string) => {
    const total = readdirSync(join(dir, 'recordings')).reduce((sum, file) =>
      sum + (JSON.parse(readFileSync(join(dir, 'recordings', file), 'utf8')) as { cases: unknown[] }).cases.length, 0);
    const choices = Object.keys(JSON.parse(readFileSync(join(dir, 'choices.json'), 'utf8'))).length;
    const open = Object.keys(JSON.parse(readFileSync(join(dir, 'open-divergences.json'), 'utf8'))).length;
    return { total, choices, open };
  };
  const figure = (n: number) => n.toLocaleString('en-US');

  it('match the recording, choices.json and open-divergences.json of the router-forms set (test/extensions/routers)', () => {
    const dir = join(REPO_ROOT, 'test/extensions/routers');
    const count = (file: string) => Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8'))).length;
    const total = (JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8')) as { cases: unknown[] }).cases.length;
    const [choices, open] = [count('choices.json'), count('open-divergences.json')];
    const claim = `**${figure(total)} requests to a project with every router form**: **${figure(total - choices - open)} answer exactly `
      + `as Strapi**, **${choices} differ as a Project choice says** and **${open} are open**`;
    expect(readDoc('docs/reference/conformance.md').replace(/\s+/g, ' ')).toContain(claim);
  });

  it('match the recording, choices.json and open-divergences.json of strapi/LaunchPad (test/extensions/launchpad)', () => {
    const dir = join(REPO_ROOT, 'test/extensions/launchpad');
    const count = (file: string) => Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8'))).length;
    const total = (JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8')) as { cases: unknown[] }).cases.length;
    const [choices, open] = [count('choices.json'), count('open-divergences.json')];
    const claim = `**${figure(total)} requests to strapi/LaunchPad's back end**: **${figure(total - choices - open)} answer exactly `
      + `as Strapi**, **${choices} differ as a Project choice says** and **${open} are open**`;
    expect(readDoc('docs/reference/conformance.md').replace(/\s+/g, ' ')).toContain(claim);
  });

  it.each([
    ['strapi/internal-lms', 'internal-lms'],
    ['TomaszPilch/pzkogrodek-cms', 'pzkogrodek'],
  ])('match the recording, choices.json and open-divergences.json of %s (test/extensions/%s)', (name, set) => {
    const dir = join(REPO_ROOT, 'test/extensions', set);
    const count = (file: string) => Object.keys(JSON.parse(readFileSync(join(dir, file), 'utf8'))).length;
    const total = (JSON.parse(readFileSync(join(dir, 'recording.json'), 'utf8')) as { cases: unknown[] }).cases.length;
    const [choices, open] = [count('choices.json'), count('open-divergences.json')];
    const claim = `**${figure(total)} requests**: **${figure(total - choices - open)} answer exactly as Strapi**, `
      + `**${choices} differ as a Project choice says** (`;
    const section = readDoc('docs/reference/conformance.md').replace(/\s+/g, ' ').split(`## A real project: ${name}`)[1];
    expect(section).toContain(claim);
    expect(section).toContain(`and **${open} are open** (`);
  });

  it.each([
    ['the fixture', 'test/conformance', 'requests answered by the real Strapi 5.54'],
    ['FoodAdvisor', 'test/conformance/foodadvisor', "requests on FoodAdvisor's schemas"],
  ])('match the recordings and choices.json of %s', (_name, folder, words) => {
    const { total, choices, open } = figuresOf(join(REPO_ROOT, folder));
    for (const file of ['README.md', 'docs/reference/conformance.md']) {
      const text = readDoc(file).replace(/\s+/g, ' ');
      const claim = `**${figure(total)} ${words}**: **${figure(total - choices - open)} answer exactly as Strapi**, `
        + `**${choices} differ as a Project choice says** and **${open} are open**`;
      expect(text, file).toContain(claim);
    }
  });
});
