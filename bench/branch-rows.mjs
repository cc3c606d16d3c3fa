// Branch reads in the Strapi table (`npm run bench -- --only strapi`): the table's REST reads asked with `Cms-Branch`,
// anonymous, with an API token and with a JWT, beside the same-bytes limit. They run against a copy of this server's seeded site
// made a Git repository, with a branch `bench` on which ten articles (the first ten seeded) were changed through the
// API, so a read sees the base's documents with the branch's files over them. Strapi has no branches: its column says so.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { answerOf, sameAnswerServer } from './same-answer.mjs';

const BRANCH = 'bench';

/** A Git repository holding `from`'s files, one commit on `main`, and the branch `bench` at that commit. */
export function gitCopy(from, root) {
  rmSync(root, { recursive: true, force: true });
  cpSync(from, root, { recursive: true });
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@example.org', 'commit', '-qm', 'The seeded site');
  git('branch', BRANCH);
}

/**
 * The rows: `scenarios` are [name, path] pairs of this server's reads, `callers` [caller, headers] pairs; `articleIds`
 * the seeded articles' documentIds. `env` is the seeded server's (its token salt and JWT secret), so its API token and
 * JWT read the copy too. `measure(limit, ours)` measures one row (strapi-rows.mjs: interleaved rounds). Returns the
 * copy's folder, for the caller to remove once the write rows have run: removing hundreds of files frees their inodes,
 * and on ext4 without a journal every file made in the next minutes searches past each of them (the creates row).
 */
export async function branchRows({ createCms, createNodeHandler, listen, row, from, env, scenarios, callers, articleIds, measure, wanted }) {
  if (!scenarios.some(([scenario]) => wanted(`${scenario}, on a branch`))) return undefined;
  const root = `/tmp/cms-bench-strapi-branch-${process.pid}`;
  gitCopy(from, root);
  const cms = await createCms({ root, env, report: () => {} });
  const server = await listen(createNodeHandler(cms));
  const base = `http://127.0.0.1:${server.address().port}`;
  let measured = false;
  try {
    for (const [at, documentId] of articleIds.slice(0, 10).entries()) {
      await answerOf(`${base}/api/articles/${documentId}`, {
        method: 'PUT', headers: { 'cms-branch': BRANCH, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { description: `changed on the branch ${at}` } }),
      });
    }
    for (const [scenario, path] of scenarios) {
      if (!wanted(`${scenario}, on a branch`)) continue;
      for (const [caller, callerHeaders] of callers) {
        const headers = { ...callerHeaders, 'cms-branch': BRANCH };
        const bare = await sameAnswerServer(listen, await answerOf(base + path, { headers }));
        // The limit is sent this caller's very request (its Authorization and Cms-Branch too), as in the base's rows.
        const mine = await measure({ url: `http://127.0.0.1:${bare.address().port}${path}`, headers }, { url: base + path, headers });
        bare.close();
        row(`${scenario}, on a branch`, caller, mine, false);
      }
    }
    measured = true;
    return root;
  } finally {
    server.close();
    await cms.close();
    if (!measured) rmSync(root, { recursive: true, force: true });
  }
}
