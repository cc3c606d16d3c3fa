import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCms } from '../../core/cms.js';
import { regenerateOutputs } from '../../core/codegen/regenerate.js';
import { watchProject } from '../../core/watch/watch.js';
import { runCli } from '../../cli/program.js';
import { copySampleSite } from '../helpers/project.js';

const io = (cwd: string) => {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      cwd, env: {},
      stdout: { write: (text: string) => { out.stdout += text; } },
      stderr: { write: (text: string) => { out.stderr += text; } },
    },
  };
};

describe('schema-driven tools: the CLI and regeneration under watch', () => {
  it('cms types, json-schema and openapi write their files, and a second run changes nothing', async () => {
    const root = copySampleSite();
    for (const argv of [['types'], ['json-schema'], ['openapi', '--out', 'openapi.json']]) {
      const first = io(root);
      expect(await runCli([...argv, '--root', root], first.io)).toBe(0);
      const second = io(root);
      expect(await runCli([...argv, '--root', root], second.io)).toBe(0);
      expect(second.out.stderr).toMatch(/unchanged/);
    }
    expect(readFileSync(join(root, 'cms-types.d.ts'), 'utf8')).toContain("declare module 'gitcms'");
    expect(JSON.parse(readFileSync(join(root, 'openapi.json'), 'utf8')).openapi).toBe('3.1.0');
    expect(JSON.parse(readFileSync(join(root, '.cms/json-schema/tags.json'), 'utf8')).$schema)
      .toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('cms openapi prints the document without --out', async () => {
    const root = copySampleSite();
    const run = io(root);
    expect(await runCli(['openapi', '--root', root], run.io)).toBe(0);
    expect(JSON.parse(run.out.stdout).paths['/api/tags']).toBeDefined();
  });

  it('a folder that is not a project is an error, as for every command', async () => {
    const run = io('/');
    expect(await runCli(['types', '--root', '/tmp'], run.io)).toBe(1);
    expect(run.out.stderr).toMatch(/not a project/);
  });

  it('regenerates declarations and schemas after a schema change when asked (serve --watch-types)', async () => {
    const root = copySampleSite();
    const cms = await createCms({ root, reportProblems: false });
    await regenerateOutputs(root, cms.models);
    const reports: string[] = [];
    const watcher = watchProject(cms, {
      report: (message) => reports.push(message),
      onReload: async () => { await regenerateOutputs(root, cms.models); },
    });
    try {
      const file = join(root, 'schemas/tag.json');
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      schema.attributes.weight = { type: 'biginteger' };
      writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
      await expect.poll(() => readFileSync(join(root, 'cms-types.d.ts'), 'utf8'), { timeout: 20_000 }).toContain('weight: string | null;');
      await expect.poll(() => readFileSync(join(root, '.cms/json-schema/tags.json'), 'utf8'), { timeout: 20_000 }).toContain('"weight"');
      expect(reports).toContain('schemas or config changed: model reloaded');
    } finally {
      watcher.close();
    }
  });
});
