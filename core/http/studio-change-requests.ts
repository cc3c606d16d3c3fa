import { assertMayManageGit, mayManageGit, mayReadPath, mayWriteAny, mayWritePath } from '../access/git-access.js';
import type { DocumentAction } from '../access/document-gate.js';
import type { Caller } from '../access/permissions.js';
import { changedFilesBetween } from '../branches/branch-changed-files.js';
import { branchFiles } from '../branches/branch-commit.js';
import { branchChanges, mergeBranch } from '../branches/branch-merge.js';
import { checkBranchName } from '../branches/branch-names.js';
import { proposeBranch } from '../branches/branch-propose.js';
import { createBranch, deleteBranch, listBranches } from '../branches/branch-refs.js';
import { ForbiddenError } from '../errors.js';
import { describeChange } from '../git/document-changes.js';
import { reindexFiles } from '../watch/reindex-files.js';
import { mayReachPath, reachablePaths, type StudioAsk } from './studio-access.js';
import { namesFor } from './studio-git-changes.js';
import { tree, type GitRoute } from './studio-git-reads.js';
import { authorOf, rewriting } from './studio-git-turns.js';

/**
 * The studio's change requests (issue 37): branches beside the base, never checked out. Each is made from the base, shown with
 * the documents it changes, pushed alone to propose it, merged into the base, deleted. Who may do what:
 * - listing: a signed-in caller; each change request shows only the documents the caller may read, and the answer says whether the
 *   caller may manage Git (the same check as GET status's `mayManage`);
 * - making and proposing one: a caller who may write content;
 * - merging: a caller the project's routes let create, update or delete every document the branch adds, changes or deletes
 *   (a publish is an update here), and a manager for files of no type (schemas);
 * - deleting: a caller who may write content once the base holds the branch's work; an unmerged one only a manager.
 */

/** A merge's action on each document: the route that would add, change or delete it decides. */
const ACTION: Record<'added' | 'changed' | 'deleted', DocumentAction> = { added: 'create', changed: 'update', deleted: 'delete' };

/** The documents a branch (at `tip`) changes since it left the base (at `baseTip`), in document words, for the ones the caller may read. */
async function branchDocuments(ask: StudioAsk, caller: Caller, tip: string, baseTip: string) {
  const { cms } = ask;
  const overlay = await changedFilesBetween(cms.root, baseTip, tip);
  const readable = await reachablePaths(ask, caller, [...overlay.files.keys()], ['find', 'findOne'], mayReadPath);
  const paths = [...readable].sort();
  const before = overlay.before;
  const nameOf = namesFor(cms, caller);
  return paths.flatMap((path) => {
    const old = before.get(`${overlay.mergeBase}:${path}`);
    const now = overlay.files.get(path) ?? undefined;
    const document = describeChange(cms.models, cms.config, path, old, now, nameOf);
    if (!document) return [];
    const change = now === undefined ? 'deleted' : old === undefined ? 'added' : 'changed';
    const { type, uid, apiName, documentId, locale, draft, title, fields } = document;
    return [{ type, uid, apiName, documentId, locale, draft, title, change, fields: fields.map((field) => field.field) }];
  });
}

/** Refuse a merge that brings a file the caller may not write as the project's routes would judge it. */
async function assertMayMerge(ask: StudioAsk, caller: Caller, name: string): Promise<string> {
  const { tip, changes } = await branchChanges(ask.cms.root, name, ask.cms.config);
  const refused: string[] = [];
  for (const { path, change } of changes) {
    if (!(await mayReachPath(ask, caller, path, [ACTION[change]], mayWritePath))) refused.push(path);
  }
  if (refused.length) {
    throw new ForbiddenError(`You may not merge "${name}": it changes ${refused.slice(0, 5).join(', ')}`
      + `${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}, which you may not write`, { files: refused });
  }
  return tip;
}

const mayWrite = (caller: Caller, ask: { cms: StudioAsk['cms'] }, what: string) => {
  if (!mayWriteAny(caller, ask.cms.models)) throw new ForbiddenError(`${what} needs a credential that may write content`);
};

/** `<method> <name>` → route, joined into the Git panel's table (studio-git-routes.ts). */
export const CHANGE_REQUEST_ROUTES: Record<string, GitRoute> = {
  'GET change-requests': {
    reaches: { document: ['find', 'findOne'] },
    handle: async ({ cms, caller, request, url }) => {
      const { base, branches } = await listBranches(cms.root, cms.config);
      const ask = { cms, request, url };
      const changeRequests = [];
      for (const { name, tip, ahead, behind, pushed } of branches) {
        // A base with no commit yet has no tip to compare with: branchFiles says so (a 404), as it always did.
        const baseTip = base.tip ?? (await branchFiles(cms.root, name, base.name)).base;
        changeRequests.push({ name, head: tip, ahead, behind, pushed, documents: await branchDocuments(ask, caller, tip, baseTip) });
      }
      // Whether this credential may do everything (merge any, delete unmerged work): the studio's views ask it here, not of
      // GET status, whose `git status` they never needed.
      return { data: { base: base.name, mayManage: mayManageGit(caller, cms.models), changeRequests } };
    },
  },
  'POST change-requests': {
    reaches: { none: 'a new branch at the base\'s tip: no document is read or written' },
    keys: ['name'],
    handle: async ({ cms, caller, body }) => {
      mayWrite(caller, { cms }, 'A change request');
      const made = await createBranch(cms.root, checkBranchName(body.name), undefined, cms.config);
      return { status: 201, data: made };
    },
  },
  'POST change-requests/propose': {
    reaches: { none: 'the branch\'s commits, pushed to the remote: no document of the site is written' },
    keys: ['name'],
    handle: async ({ cms, caller, body }) => {
      mayWrite(caller, { cms }, 'Proposing a change request');
      const { name, remote, pullRequestUrl } = await proposeBranch(cms.root, checkBranchName(body.name), { config: cms.config });
      return { data: { name, remote, pullRequestUrl } };
    },
  },
  'POST change-requests/merge': {
    reaches: { document: ['create', 'update', 'delete'] },
    keys: ['name'],
    handle: async ({ cms, caller, request, url, body }) => {
      mayWrite(caller, { cms }, 'Merging a change request');
      const name = checkBranchName(body.name);
      const author = authorOf(cms, caller);
      // With git.push the merge is on the origin when answered: pushed inside the replica's turn, or undone.
      const push = cms.replica && cms.config.git.push ? async () => { await tree(cms).push(cms.config.git.push || undefined); } : undefined;
      const merged = await rewriting(cms, async () => {
        const expectedTip = await assertMayMerge({ cms, request, url }, caller, name);
        const done = await mergeBranch(cms.root, name, author, { config: cms.config, publish: push, expectedTip });
        // The served index follows at once (the watcher would too, later).
        if (done.changed.length) await reindexFiles(cms, done.changed, cms.report);
        return done;
      });
      return { data: { name, base: merged.base, commit: merged.commit, changed: merged.changed.length } };
    },
  },
  'POST change-requests/delete': {
    reaches: { none: 'a branch ref: the base and its documents stay as they are' },
    keys: ['name'],
    handle: async ({ cms, caller, body }) => {
      const name = checkBranchName(body.name);
      const listed = (await listBranches(cms.root, cms.config)).branches.find((branch) => branch.name === name);
      // Work the base does not hold yet is lost with the ref: only a manager may drop it.
      if (listed && listed.ahead > 0) assertMayManageGit(caller, cms.models, 'delete a change request that is not merged');
      else mayWrite(caller, { cms }, 'Deleting a change request');
      await deleteBranch(cms.root, name, cms.config, listed?.tip);
      return { data: { name } };
    },
  },
};
