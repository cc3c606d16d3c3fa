// `git.timestampsFromHistory` on a branch: a document the branch changed answers the branch's own commit time, not the
// base's, on the server that wrote it and on one that reads the branch afresh.
import { describe, expect, it, vi } from 'vitest';
import { startApp } from '../helpers/project.js';
import { editJson, git, initRepo, writableSample } from '../git-workflow/helpers.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ENV = {
  CMS_JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789abcdef',
  CMS_API_TOKEN_SALT: 'test-salt-0123456789abcdef0123456789abcdef',
};
/** Tag "Coffee" of the sample site. */
const COFFEE = 'b2hjgyg2kdh9a72boali13fe';

describe('history timestamps on a branch', () => {
  it('a branch write answers its own time as updatedAt, the base keeps its own, and a fresh server reads the branch\'s from its commit', async () => {
    const root = writableSample();
    editJson(root, 'cms.config.json', (config) => { config.git = { ...config.git, timestampsFromHistory: true }; });
    initRepo(root);
    // The base's commit is an hour old: a branch write now is told apart from it.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    git(root, 'commit', '--quiet', '--amend', '--no-edit', `--date=${hourAgo}`);
    git(root, 'branch', 'spring');
    const url = `/api/tags/${COFFEE}`;
    const first = await startApp(root, { env: ENV, report: () => {} });
    {
      const base = (await first.getJson(url)).body.data.updatedAt as string;
      const before = Date.now() - 1000;
      const written = await first.sendJson('PUT', url, { data: { color: 'green' } }, { 'cms-branch': 'spring' });
      expect(written.status).toBe(200);
      const onBranch = (await first.getJson(url, { headers: { 'cms-branch': 'spring' } })).body.data.updatedAt as string;
      expect(Date.parse(onBranch)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect((await first.getJson(url)).body.data.updatedAt).toBe(base);
      expect(Date.parse(base)).toBeLessThan(before);
      const second = await startApp(root, { env: ENV, report: () => {} });
      expect((await second.getJson(url, { headers: { 'cms-branch': 'spring' } })).body.data.updatedAt).toBe(onBranch);
      await Promise.all([first.cms.close(), second.cms.close()]);
    }
  });
});
