// A real project's back end, unchanged (test/extensions/hartcurtains, README.md there): its custom routers, its
// controllers re-reading through strapi.entityService, its order and order-management APIs and its core routers.
// Replays what the real Strapi 5.54 running the same src/ answered (record.mjs --set hartcurtains) against this
// server loading it. A difference passes only when hartcurtains/choices.json lists the case with the Project choice it
// follows (docs/reference/conformance.md), or hartcurtains/open-divergences.json lists it as not settled yet (with
// what would settle it); either fails once the case answers as Strapi again.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../../cli/program.js';
import { createCms } from '../../core/cms.js';
import { startProjectCode } from '../../core/extensions/start.js';
import { guardProcess } from './guard-process.js';
import { describeRecordedSet } from './recorded-set.js';

// Its src/index.ts patches fs.unlink and takes over the process's error handlers, as it does in Strapi's process; here
// that process is the test runner's, so both are given back once the replay is done.
const { dir: DIR } = describeRecordedSet('hartcurtains', 'a real project\'s back end (hartcurtains) answers as in the real Strapi 5.54',
  { minCases: 500, guard: guardProcess });

it('`cms init --from-strapi` of the project as Strapi lays it out starts, with its own code, without hand edits', async () => {
  const strapi = join(mkdtempSync(join(tmpdir(), 'cms-hartcurtains-strapi-')), 'hcb-db');
  const site = join(mkdtempSync(join(tmpdir(), 'cms-hartcurtains-site-')), 'site');
  try {
    cpSync(join(DIR, 'src'), join(strapi, 'src'), { recursive: true });
    for (const api of readdirSync(join(DIR, 'schemas/api'))) {
      cpSync(join(DIR, 'schemas/api', api), join(strapi, 'src/api', api), { recursive: true });
    }
    mkdirSync(join(strapi, 'config'), { recursive: true });
    writeFileSync(join(strapi, 'package.json'), JSON.stringify({ name: 'hcb-db', dependencies: { '@strapi/strapi': '5.23.6' } }));
    let stderr = '';
    const io = { stdout: { write: () => {} }, stderr: { write: (text: string) => (stderr += text) } };
    const code = await runCli(['init', site, '--from-strapi', strapi, '--dependency', '^0.1.0'],
      { ...io, cwd: tmpdir(), env: { ...process.env, CMS_ROOT: undefined } });
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('problem(s) to fix');
    expect(readFileSync(join(site, 'src/api/fabric/controllers/fabric.ts'), 'utf8'))
      .toBe(readFileSync(join(DIR, 'src/api/fabric/controllers/fabric.ts'), 'utf8'));
    const restore = guardProcess();
    try {
      const cms = await createCms({ root: site, env: {}, report: () => {} });
      const started = await startProjectCode(cms);
      expect(started?.routes.map((route) => `${route.method} ${route.path}`)).toContain('POST /api/order-management/import');
      await cms.close();
    } finally {
      restore();
    }
  } finally {
    rmSync(join(strapi, '..'), { recursive: true, force: true });
    rmSync(join(site, '..'), { recursive: true, force: true });
  }
}, 120_000);
