import type { Cms } from '../cms.js';
import {
  assertMayManageGit, assertSignedIn, mayDiffPath, mayManageGit, mayReadPath, mayWriteAny, mayWritePath,
} from '../access/git-access.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import { commitAuthor } from '../git/commit-author.js';
import { commitChanges } from '../git/commit-changes.js';
import { documentStates } from '../git/document-states.js';
import { checkBranchName, checkProjectPath } from '../git/git-input.js';
import { createWorkTree, oneAtATime } from '../git/work-tree.js';
import { contentFolder } from '../index/load.js';
import type { Caller } from '../access/permissions.js';
import { reindexFiles } from '../watch/reindex-files.js';
import { readBody } from './body.js';
import { json } from './respond.js';

/**
 * The Git panel's routes, under `<admin.path>/api/git/` (outside the API prefix, so no content type
 * can take them). Each reads the request, checks access (core/access/git-access.ts), calls the
 * core's git module and answers `{ data }` or Strapi's error envelope:
 *
 *   GET  status              branch, HEAD and the changed files the caller may read
 *   GET  diff?path=…         one changed file against HEAD, for a caller who may rewrite it
 *   GET  states?type=…       the Git state of each changed document of a type (the list's column)
 *   GET  branches            local branches, the current one, remotes
 *   POST commit              { message, paths? }: commit the changed files the caller may write
 *   POST branches            { name }: create a branch from HEAD and switch to it
 *   POST checkout            { branch, carry? }: switch branch, reindexing what changed
 *   POST push                push the current branch to its remote
 */

interface GitRequest { cms: Cms; caller: Caller; url: URL; body: Record<string, unknown> }
type Handler = (request: GitRequest) => Promise<{ status?: number; data: unknown }>;

const tree = (cms: Cms) => createWorkTree(cms.root);

/** A JSON object body with only the keys a route knows (unknown input is refused, not dropped). */
function fields(body: unknown, known: string[]): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError('The body must be a JSON object');
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length) throw new ValidationError(`Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { keys: unknown });
  return body as Record<string, unknown>;
}

function message(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new ValidationError('A commit needs a message', { key: 'message' });
  if (value.length > 5000 || value.includes('\0')) throw new ValidationError('A commit message is at most 5000 characters, without NUL', { key: 'message' });
  return value.trim();
}

/** `<method> <name>` → the body keys it accepts (POST) and its handler. */
const ROUTES: Record<string, { keys?: string[]; handle: Handler }> = {
  'GET status': {
    handle: async ({ cms, caller }) => {
      const work = tree(cms);
      // Independent git reads: run side by side, not one after the other.
      const [status, { remotes }] = await Promise.all([work.status(), work.branches()]);
      const changes = status.changes.filter((change) => mayReadPath(caller, cms.models, change.path)).map((change) => ({ ...change, writable: mayWritePath(caller, cms.models, change.path) }));
      return { data: { ...status, changes, remotes, mayCommit: mayWriteAny(caller, cms.models), mayManage: mayManageGit(caller, cms.models) } };
    },
  },
  'GET diff': {
    handle: async ({ cms, caller, url }) => {
      const path = checkProjectPath(url.searchParams.get('path') ?? undefined);
      if (!mayDiffPath(caller, cms.models, path)) throw new ForbiddenError(`Only a credential that may update ${path} sees its diff`);
      return { data: { path, diff: await tree(cms).diff(path) } };
    },
  },
  'GET states': {
    handle: async ({ cms, caller, url }) => {
      const model = cms.contentType(url.searchParams.get('type') ?? '');
      if (!caller.can(model, 'find')) throw new ForbiddenError();
      const folder = `content/${contentFolder(model)}`;
      const work = tree(cms);
      const [changes, names] = await Promise.all([work.changes([folder]), work.namesAtHead(folder)]);
      return { data: documentStates(changes, folder, names) };
    },
  },
  'GET branches': { handle: async ({ cms }) => ({ data: await tree(cms).branches() }) },
  'POST commit': {
    keys: ['message', 'paths'],
    handle: async ({ cms, caller, body }) => {
      if (!mayWriteAny(caller, cms.models)) throw new ForbiddenError('Committing needs a credential that may write content');
      const text = message(body.message);
      if (body.paths !== undefined && !Array.isArray(body.paths)) throw new ValidationError('paths must be a list of changed files', { key: 'paths' });
      const named = body.paths === undefined ? undefined : (body.paths as unknown[]).map(checkProjectPath);
      const user = caller.userId === undefined ? undefined : cms.auth.users.byId(caller.userId);
      const author = commitAuthor(user?.username ?? caller.name, user?.email);
      const { commit, files } = await commitChanges(cms.root, { paths: named, mayWrite: (path) => mayWritePath(caller, cms.models, path), message: text, author });
      return { status: 201, data: { commit, files, author } };
    },
  },
  'POST branches': {
    keys: ['name'],
    handle: async ({ cms, caller, body }) => {
      assertMayManageGit(caller, cms.models, 'create branches');
      const name = await checkBranchName(cms.root, body.name);
      await oneAtATime(cms.root, () => tree(cms).createBranch(name));
      return { status: 201, data: { current: name } };
    },
  },
  'POST checkout': {
    keys: ['branch', 'carry'],
    handle: async ({ cms, caller, body }) => {
      assertMayManageGit(caller, cms.models, 'switch branches');
      const name = await checkBranchName(cms.root, body.branch);
      if (body.carry !== undefined && typeof body.carry !== 'boolean') throw new ValidationError('carry must be true or false', { key: 'carry' });
      // The watcher would see the checkout too; reindexing here answers only once the API serves the new branch.
      // With git.push, the replica's writes and rebases wait for the switch (and it for them).
      const alone = <T>(work: () => Promise<T>) => (cms.replica ? cms.replica.exclusive(work) : work());
      const { branch, changed } = await oneAtATime(cms.root, () => alone(async () => {
        const switched = await tree(cms).switchBranch(name, body.carry === true);
        if (switched.changed.length) await reindexFiles(cms, switched.changed, cms.report);
        return switched;
      }));
      return { data: { current: branch, changed: changed.length } };
    },
  },
  'POST push': {
    keys: [],
    handle: async ({ cms, caller }) => {
      assertMayManageGit(caller, cms.models, 'push');
      return { data: await oneAtATime(cms.root, () => tree(cms).push(cms.config.git.push || undefined)) };
    },
  },
};

/**
 * Answer `<admin.path>/api/git/<name>`.
 *
 * @example
 * await studioGitResponse(cms, request, 'status', url, headers) // 200 { data: { branch: 'main', changes: [...] } }
 */
export async function studioGitResponse(cms: Cms, request: Request, name: string, url: URL, headers: Record<string, string>): Promise<Response> {
  const methods = (['GET', 'POST'] as const).filter((method) => Object.hasOwn(ROUTES, `${method} ${name}`));
  if (!methods.length) throw new NotFoundError();
  const key = `${request.method} ${name}`;
  if (!Object.hasOwn(ROUTES, key)) throw new MethodNotAllowedError([...methods]);
  const route = ROUTES[key];
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  assertSignedIn(caller);
  const body = request.method === 'POST' ? fields(await readBody(request), route.keys ?? []) : {};
  const { status = 200, data } = await route.handle({ cms, caller, url, body });
  return json(status, { data }, { ...headers, 'cache-control': 'no-store' });
}
