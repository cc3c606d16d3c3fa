import type { DocumentAction } from '../access/document-gate.js';
import { mayDiffPath, mayManageGit, mayReadPath, mayWriteAny, mayWritePath } from '../access/git-access.js';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { documentStates } from '../git/document-states.js';
import { fileHistories, fileHistory } from '../git/file-history.js';
import { createGit } from '../git/git.js';
import { checkProjectPath } from '../git/git-input.js';
import { createWorkTree } from '../git/work-tree.js';
import { DOCUMENT_ID_PATTERN } from '../index/file-name.js';
import { parseContentPath } from '../index/content-path.js';
import { contentFolder, modelForPath } from '../index/load.js';
import type { Reach } from './route-context.js';
import { mayReachPath, mayReachType, reachablePaths, type StudioAsk } from './studio-access.js';
import { documentChanges, namesFor } from './studio-git-changes.js';

/**
 * The Git panel's reading routes (studio-git-routes.ts lists them all) and what they share with the writing ones.
 * Each content file is judged by the one access decision (core/access/document-gate.ts) for the action its
 * answer needs: listing a changed file needs `find`, its diff and history (old values, private fields) `update`.
 */
export interface GitRequest { cms: Cms; caller: Caller; request: Request; url: URL; body: Record<string, unknown> }
export type Handler = (request: GitRequest) => Promise<{ status?: number; data: unknown }>;

export const tree = (cms: Cms) => createWorkTree(cms.root);
export const WRITES = ['create', 'update', 'delete'] as const satisfies readonly DocumentAction[];
/** The changed (and `named`) files the request may commit: each judged once, as the route that would create, update or delete it. */
export async function writablePaths(ask: StudioAsk, caller: Caller, named: string[] = []): Promise<(path: string) => boolean> {
  const changed = (await tree(ask.cms).changes()).flatMap((change) => (change.from ? [change.path, change.from] : [change.path]));
  const allowed = await reachablePaths(ask, caller, [...changed, ...named], [...WRITES], mayWritePath);
  return (path) => allowed.has(path);
}
/** Beyond this many changed files the panel lists paths only (each document is read and compared). */
const DESCRIBED = 200;

/** One Git panel route: the body keys it accepts (POST), what it reaches, its handler. */
export interface GitRoute { keys?: string[]; reaches: Reach; handle: Handler }

export const READ_ROUTES: Record<string, GitRoute> = {
  'GET status': {
    reaches: { document: ['find', 'findOne'] },
    handle: async ({ cms, caller, request, url }) => {
      const work = tree(cms);
      // Independent git reads: run side by side, not one after the other.
      const [status, remotes] = await Promise.all([work.status(), work.remotes()]);
      const ask = { cms, request, url };
      const paths = status.changes.map((change) => change.path);
      const [mayRead, mayWrite] = await Promise.all([
        reachablePaths(ask, caller, paths, ['find', 'findOne'], mayReadPath), reachablePaths(ask, caller, paths, [...WRITES], mayWritePath),
      ]);
      const readable = status.changes.filter((change) => mayRead.has(change.path));
      const documents = await documentChanges(cms, caller, readable.slice(0, DESCRIBED).map((change) => change.path));
      const changes = readable.map((change) => {
        const document = documents.get(change.path);
        const told = document && { ...document, fields: document.fields.map((field) => field.field) };
        return { ...change, writable: mayWrite.has(change.path), ...(told ? { document: told } : {}) };
      });
      const mayCommit = mayWriteAny(caller, cms.models);
      return { data: { ...status, changes, remotes, mayCommit, mayManage: mayManageGit(caller, cms.models) } };
    },
  },
  'GET diff': {
    reaches: { document: ['update'] },
    handle: async ({ cms, caller, request, url }) => {
      const path = checkProjectPath(url.searchParams.get('path') ?? undefined);
      if (!(await mayReachPath({ cms, request, url }, caller, path, ['update'], mayDiffPath))) {
        throw new ForbiddenError(`Only a credential that may update ${path} sees its diff`);
      }
      const [diff, documents] = await Promise.all([tree(cms).diff(path), documentChanges(cms, caller, [path])]);
      const document = documents.get(path);
      return { data: { path, diff, document } };
    },
  },
  'GET history': {
    reaches: { document: ['update'] },
    handle: async ({ cms, caller, request, url }) => {
      const path = checkProjectPath(url.searchParams.get('path') ?? undefined);
      // A history holds old → new values, private fields too: only for who may see the file's diff.
      if (!path.startsWith('content/') || !(await mayReachPath({ cms, request, url }, caller, path, ['update'], mayDiffPath))) {
        throw new ForbiddenError(`Only a credential that may update ${path} sees its history`);
      }
      const source = { models: cms.models, config: cms.config, git: createGit(cms.root), nameOf: namesFor(cms, caller) };
      return { data: await fileHistory(source, path) };
    },
  },
  'GET document-history': {
    reaches: { document: ['update'] },
    handle: async ({ cms, caller, request, url }) => {
      const [folder, documentId, extra] = (url.searchParams.get('document') ?? '').split('/');
      const model = modelForPath(cms.models, `content/${folder}/x.json`);
      if (!model || extra !== undefined || !DOCUMENT_ID_PATTERN.test(documentId ?? '')) {
        throw new ValidationError('document must be <folder>/<documentId>', { key: 'document' });
      }
      const base = `content/${folder}`;
      if (!(await mayReachPath({ cms, request, url }, caller, `${base}/${documentId}.json`, ['update'], mayDiffPath))) {
        throw new ForbiddenError(`Only a credential that may update ${folder} sees its history`);
      }
      const work = tree(cms);
      const [names, changes] = await Promise.all([work.namesAtHead(base), work.changes([base])]);
      // Its files in either layout: `<id>.…` or `<xx>/<id>.…` (content-path.ts).
      const mine = (name: string) => parseContentPath(`${base}/${name}`)?.name?.documentId === documentId;
      const changed = changes.map((change) => change.path).filter((path) => mine(path.slice(base.length + 1)));
      const paths = [...new Set([...names.filter(mine).map((name) => `${base}/${name}`), ...changed])].sort();
      const source = { models: cms.models, config: cms.config, git: createGit(cms.root), nameOf: namesFor(cms, caller) };
      return { data: await fileHistories(source, paths) };
    },
  },
  'GET states': {
    reaches: { type: ['find'] },
    handle: async ({ cms, request, url }) => {
      const model = cms.contentType(url.searchParams.get('type') ?? '');
      if (!(await mayReachType({ cms, request, url }, model, ['find']))) throw new ForbiddenError();
      const folder = `content/${contentFolder(model)}`;
      const work = tree(cms);
      const [changes, names] = await Promise.all([work.changes([folder]), work.namesAtHead(folder)]);
      return { data: documentStates(changes, folder, names) };
    },
  },
  'GET branches': {
    reaches: { none: 'the branch names and remotes' },
    handle: async ({ cms }) => ({ data: await tree(cms).branches() }),
  },};
