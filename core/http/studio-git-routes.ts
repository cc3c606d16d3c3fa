import type { Cms } from '../cms.js';
import { assertMayManageGit, assertSignedIn, mayWriteAny } from '../access/git-access.js';
import { authorizeDocument } from '../access/document-gate.js';
import type { Caller } from '../access/permissions.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../errors.js';
import { commitChangesNow } from '../git/commit-changes.js';
import { versionAt } from '../git/file-history.js';
import { createGit } from '../git/git.js';
import { checkProjectPath } from '../git/git-input.js';
import { reindexFiles } from '../watch/reindex-files.js';
import { readBody } from './body.js';
import { CHANGE_REQUEST_ROUTES } from './studio-change-requests.js';
import { commitMessage, knownFields } from './studio-git-body.js';
import { pullRefusalInEditorsWords } from './studio-git-changes.js';
import { READ_ROUTES, tree, writablePaths, type GitRoute } from './studio-git-reads.js';
import { authorOf, pushOrUndo, rewriting } from './studio-git-turns.js';
import { json } from './respond.js';

/**
 * The Git panel's routes, under `<admin.path>/api/git/` (outside the API prefix, so no content type
 * can take them). Each reads the request, checks access (core/access/git-access.ts), calls the
 * core's git module and answers `{ data }` or Strapi's error envelope:
 *
 *   GET  status              branch, HEAD and the changed files the caller may read, each content file told
 *                            as a document ("Article · Pizza napoletana", the changed field names)
 *   GET  diff?path=…         one changed file against HEAD, for a caller who may rewrite it: git's diff and the
 *                            old → new text per field
 *   GET  history?path=…      the commits that changed one content file, with the fields each changed
 *   GET  document-history?document=<folder>/<documentId>
 *                            the same for each file of one document (every locale and draft, at HEAD or changed)
 *   GET  states?type=…       the Git state of each changed document of a type (the list's column)
 *   GET  branches            local branches, the current one, remotes
 *   POST commit              { message, paths? }: commit the changed files the caller may write
 *   POST push                push the current branch to its remote
 *   POST pull                fetch the remote branch and merge it (content files through the merge driver)
 *   GET  change-requests     the branches beside the base, each with the documents it changes (studio-change-requests.ts)
 *   POST change-requests     { name }: a new branch at the base's tip; never checked out
 *   POST change-requests/propose  { name }: push that branch alone, and the host's pull-request page
 *   POST change-requests/merge    { name }: merge it into the base (the served tree follows, reindexed)
 *   POST change-requests/delete   { name }: delete the branch
 *   POST restore             { path, commit }: write that version of the file back through the ordinary write
 */

/** `<method> <name>` → the route (studio-git-reads.ts holds the reading ones); core/http/builtin-routes.ts lists them. */
export const STUDIO_GIT_ROUTES: Record<string, GitRoute> = {
  ...READ_ROUTES,
  ...CHANGE_REQUEST_ROUTES,
  'POST commit': {
    reaches: { document: ['create', 'update', 'delete'] },
    keys: ['message', 'paths'],
    handle: async ({ cms, caller, request, url, body }) => {
      if (!mayWriteAny(caller, cms.models)) throw new ForbiddenError('Committing needs a credential that may write content');
      const text = commitMessage(body.message);
      if (body.paths !== undefined && !Array.isArray(body.paths)) {
        throw new ValidationError('paths must be a list of changed files', { key: 'paths' });
      }
      const named = body.paths === undefined ? undefined : (body.paths as unknown[]).map(checkProjectPath);
      const author = authorOf(cms, caller);
      // A pushing replica keeps no commit the origin lacks (it would be set aside as stray): the commit is pushed at
      // once, beside no replica write, or undone (the changes stay in the tree) with git's reason.
      const { commit, files } = await rewriting(cms, async () => {
        const mayWrite = await writablePaths({ cms, request, url }, caller, named);
        const made = await commitChangesNow(cms.root, { paths: named, mayWrite, message: text, author });
        if (cms.replica && cms.config.git.push) await pushOrUndo(cms);
        return made;
      });
      return { status: 201, data: { commit, files, author } };
    },
  },
  'POST push': {
    reaches: { site: 'the branch, sent to its remote' },
    keys: [],
    handle: async ({ cms, caller }) => {
      assertMayManageGit(caller, cms.models, 'push');
      return { data: await rewriting(cms, () => tree(cms).push(cms.config.git.push || undefined)) };
    },
  },
  'POST pull': {
    reaches: { site: 'every file, merged from the remote' },
    keys: [],
    handle: async ({ cms, caller }) => {
      assertMayManageGit(caller, cms.models, 'pull');
      const pulled = await rewriting(cms, async () => {
        const result = await tree(cms).pull(cms.config.git.push || undefined, authorOf(cms, caller));
        if (result.changed.length) await reindexFiles(cms, result.changed, cms.report);
        return result;
      }).catch(async (error) => { throw await pullRefusalInEditorsWords(cms, caller, error); });
      return { data: { remote: pulled.remote, branch: pulled.branch, changed: pulled.changed.length } };
    },
  },
  'POST restore': {
    reaches: { document: ['update'] },
    keys: ['path', 'commit'],
    handle: async ({ cms, request, url, body }) => {
      const path = checkProjectPath(body.path);
      if (typeof body.commit !== 'string') throw new ValidationError('commit must be a commit hash', { key: 'commit' });
      const version = await versionAt({ models: cms.models, config: cms.config, git: createGit(cms.root) }, path, body.commit);
      const model = cms.contentType(version.uid);
      // The Document Service trusts its caller (as Strapi's does); the route asks as the type's update route would
      // (core/access/document-gate.ts), and a middleware of that route that answers itself is a refusal here.
      const ask = { model, action: 'update' as const, documentId: version.documentId, request, url, body: { data: version.data } };
      const restore = (caller: Caller) => cms.documents(model.uid, caller).update({
        documentId: version.documentId, locale: version.locale ?? undefined,
        status: model.draftAndPublish ? 'draft' : undefined, data: { ...version.data },
      });
      // The ordinary write: permissions, validation, the index and commit-per-write all apply. A published version comes back as a draft.
      const done = await authorizeDocument(cms, ask, restore).catch((error: { status?: number }) => {
        throw error.status === 403 ? new ForbiddenError(`You may not restore ${path}`) : error;
      });
      if (!done.ran) throw new ForbiddenError(`You may not restore ${path}`);
      const apiName = model.kind === 'singleType' ? model.singularName : model.pluralName;
      return { data: { documentId: version.documentId, locale: version.locale, apiName } };
    },
  },
};

/**
 * Answer `<admin.path>/api/git/<name>`.
 *
 * @example
 * await studioGitResponse(cms, request, 'status', url, headers) // 200 { data: { branch: 'main', changes: [...] } }
 */
export async function studioGitResponse(
  cms: Cms, request: Request, name: string, url: URL, headers: Record<string, string>,
): Promise<Response> {
  const methods = (['GET', 'POST'] as const).filter((method) => Object.hasOwn(STUDIO_GIT_ROUTES, `${method} ${name}`));
  if (!methods.length) throw new NotFoundError();
  const key = `${request.method} ${name}`;
  if (!Object.hasOwn(STUDIO_GIT_ROUTES, key)) throw new MethodNotAllowedError([...methods]);
  const route = STUDIO_GIT_ROUTES[key];
  const caller = cms.contentApi.callerFor(request.headers.get('authorization'));
  assertSignedIn(caller);
  const body = request.method === 'POST' ? knownFields(await readBody(request), route.keys ?? []) : {};
  const { status = 200, data } = await route.handle({ cms, caller, request, url, body });
  return json(status, { data }, { ...headers, 'cache-control': 'no-store' });
}
