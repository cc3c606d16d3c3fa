import { z } from 'zod';
import { onBranch } from '../branches/request-branch.js';
import { branchFiles } from '../branches/branch-commit.js';
import { checkBranchName } from '../branches/branch-names.js';
import { proposeBranch } from '../branches/branch-propose.js';
import { createBranch, listBranches } from '../branches/branch-refs.js';
import type { Cms } from '../cms.js';
import { ForbiddenError } from '../errors.js';
import { describeChange, indexNames } from '../git/document-changes.js';
import { createGit } from '../git/git.js';
import { EXPLORER } from './content-tools.js';
import { ok, type McpToolContext, type McpToolDefinition, type ToolResult } from './tool-types.js';

/**
 * The change request a credential's agent writes to, one namespace per credential kind and a stable id, so no two
 * credentials share one: `mcp/user-<id>` for an account, `mcp/token-<id>-<name>` for a stored API token (its id keeps
 * "Agent A" and "agent-a" apart; the name only reads well), `mcp/token-env` for `CMS_API_TOKEN`.
 */
export function agentBranch(context: Pick<McpToolContext, 'caller'>): string {
  const { caller } = context;
  if (caller.userId !== undefined) return checkBranchName(`mcp/user-${caller.userId}`);
  if (caller.kind !== 'token') return checkBranchName(`mcp/${caller.kind}`);
  if (caller.tokenId === undefined) return checkBranchName('mcp/token-env');
  const slug = (caller.name ?? '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  const named = slug.slice(0, 80).replace(/-+$/, '');
  return checkBranchName(`mcp/token-${caller.tokenId}${named ? `-${named}` : ''}`);
}

const exists = async (cms: Cms, name: string) => (await listBranches(cms.root, cms.config)).branches.some((branch) => branch.name === name);

/**
 * Where a call runs. Without `mcp.branch`, the site the request reached. With it, the credential's change request: a
 * write makes it at the base's tip when it is not there yet; a read answers its view once it exists (the base before).
 * Project code the call runs (`strapi.documents`) answers the same view, as under `Cms-Branch`.
 */
export async function siteForCall<T>(context: McpToolContext, writes: boolean, work: (site: Cms) => Promise<T>): Promise<T> {
  const { cms } = context;
  if (!cms.config.mcp.branch || cms.branchName !== undefined) return work(cms);
  const name = agentBranch(context);
  if (!(await exists(cms, name))) {
    if (!writes) return work(cms);
    await createBranch(cms.root, name, undefined, cms.config).catch(async (error) => {
      if (!(await exists(cms, name))) throw error;
    });
  }
  const view = await cms.branch(name);
  return onBranch(cms, view, () => work(view));
}

/** The documents a change request changes since it left the base, in document words (field → before/after). */
async function changedDocuments(context: McpToolContext, name: string) {
  const { cms, caller } = context;
  const overlay = await branchFiles(cms.root, name);
  const paths = [...overlay.files.keys()].filter((path) => path.startsWith('content/')).sort();
  const before = await createGit(cms.root).showMany(paths.map((path) => ({ commit: overlay.mergeBase, path })));
  const nameOf = indexNames(cms.models, cms.index, (uid) => caller.can(cms.models.get(uid)!, 'find'));
  return paths.flatMap((path) => {
    const old = before.get(`${overlay.mergeBase}:${path}`);
    const now = overlay.files.get(path) ?? undefined;
    const change = describeChange(cms.models, cms.config, path, old, now, nameOf);
    const model = change && cms.models.get(change.uid);
    if (!change || !model || !caller.can(model, 'findOne')) return [];
    const { type, uid, documentId, locale, draft, title, fields } = change;
    const kind = now === undefined ? 'deleted' : old === undefined ? 'added' : 'changed';
    return [{ type, uid, documentId, locale, draft, title, change: kind, fields }];
  });
}

/** A change request the credential may look at: its own (the name defaults to it). */
function ownName(context: McpToolContext, name: unknown): string {
  const own = agentBranch(context);
  if (name !== undefined && name !== own) throw new ForbiddenError(`Only your own change request, "${own}", is yours to show or propose`);
  return own;
}

const writer = { policies: [EXPLORER.create, EXPLORER.update, EXPLORER.delete].map((action) => ({ action })) };
const nameInput = () => z.object({
  name: z.string().optional().describe('The change request (branch) name; defaults to this credential\'s own.'),
});
const handler = (work: (context: McpToolContext, args: Record<string, unknown>) => Promise<ToolResult>) =>
  (_strapi: unknown, context: McpToolContext) => async ({ args = {} }: { args?: Record<string, unknown> }) => work(context, args);

/** Branch mode's tools: list the agent's change requests, show one's changes, propose it (push and the compare link). */
export function branchTools(): McpToolDefinition[] {
  return ([{
    name: 'list_change_requests', title: 'Change requests — list', auth: writer,
    description: 'Lists the change requests (git branches) this credential\'s writes went to, with the documents each changes. '
      + 'In branch mode every write lands on the credential\'s own change request; the live site changes only when a person merges it.',
    createHandler: handler(async (context) => {
      const own = agentBranch(context);
      const { base, branches } = await listBranches(context.cms.root, context.cms.config);
      const changeRequests = [];
      for (const branch of branches.filter((candidate) => candidate.name === own)) {
        changeRequests.push({ ...branch, documents: (await changedDocuments(context, branch.name)).length });
      }
      return ok({ base: base.name, changeRequests });
    }),
  }, {
    name: 'show_change_request', title: 'Change requests — show', auth: writer, resolveInputSchema: nameInput,
    description: 'Shows what a change request changes, in document words: each document added, changed or deleted, '
      + 'and each field\'s value before and after.',
    createHandler: handler(async (context, args) => {
      const name = ownName(context, args.name);
      if (!(await exists(context.cms, name))) return ok({ name, documents: [] });
      return ok({ name, documents: await changedDocuments(context, name) });
    }),
  }, {
    name: 'propose_change_request', title: 'Change requests — propose', auth: writer, resolveInputSchema: nameInput,
    description: 'Proposes a change request for review: pushes its branch alone and answers the hosting site\'s link '
      + 'to open a pull request into the base. A person merges it; nothing reaches the live site before.',
    createHandler: handler(async (context, args) => {
      const name = ownName(context, args.name);
      const { cms } = context;
      const done = await proposeBranch(cms.root, name, { config: cms.config });
      return ok({ name: done.name, base: done.base, remote: done.remote, pullRequestUrl: done.pullRequestUrl });
    }),
  }] as McpToolDefinition[]).map((tool) => ({ ...tool, onBase: true }));
}
