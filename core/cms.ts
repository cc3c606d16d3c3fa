import { resolve } from 'node:path';
import type { ProjectRouteGate } from './access/document-gate.js';
import { trustedCaller, type Caller } from './access/permissions.js';
import { afterWriteHooks } from './after-write.js';
import { createAuth, type Auth } from './auth/auth.js';
import { openStateStore } from './auth/open-state-store.js';
import { findStateUrl, isStateUrl } from './config/state-url.js';
import { followUsers } from './auth/user-rows.js';
import type { StateStore } from './auth/state-store.js';
import { proxyInEffect } from './config/proxy.js';
import { loadConfigSource, resolveConfig } from './config/load.js';
import { assertNamedTypes } from './config/named-types.js';
import { assertPreviewTypes } from './config/preview.js';
import { assertProjectRoot } from './config/project-root.js';
import type { CmsConfig } from './config/types.js';
import type { FileError } from './errors.js';
import { NotFoundError, ProjectProblemsError } from './errors.js';
import type { ContentIndex } from './index/content-index.js';
import { loadIndex } from './index/load.js';
import { loadModels } from './schema/registry.js';
import type { Model, Models } from './schema/types.js';
import { DocumentWriter, type WriteEvent, type WriterOptions } from './service/document-writer.js';
import type { WriteHooks } from './service/write-event.js';
import type { ContentService } from './service/content-service.js';
import { createDocuments } from './service/documents.js';
import { ReloadGate } from './service/reload-gate.js';
import { closeWriteLog } from './storage/write-log.js';
import { recoverWriteLogs } from './storage/write-log-recovery.js';
import type { DocumentsFor } from './typed/documents.js';
import type { ContentTypeName } from './typed/registry.js';
import type { ContentApi } from './strapi/content-api.js';
import { siteParts } from './site-parts.js';
import { settleIndexes } from './git/index-debt.js';
import { readFileTimes } from './git/file-times.js';
import { askGit } from './index/snapshot/git-changes.js';
import type { Replica } from './replication/replica.js';
import { writesIndependent } from './replication/independent-writes.js';
import type { WebhookOptions } from './webhooks/webhooks.js';

export interface CreateCmsOptions {
  /** Project root holding `schemas/`, `content/` and the config. Defaults to the working directory. */
  root?: string;
  /** Config to use instead of reading `cms.config.*` (merged over the defaults). */
  config?: Partial<CmsConfig> & Record<string, unknown>;
  /** Called after every successful write (commit-per-write and webhooks hook in here). */
  afterWrite?: WriterOptions['afterWrite'];
  /** Commit every write to git (overrides config `git.commitPerWrite`). */
  gitCommit?: boolean;
  /** Webhook delivery tuning (tests): retry delays and the fetch to use. */
  webhooks?: Pick<WebhookOptions, 'retryDelays' | 'fetch'>;
  /** Where background problems (failed commits, webhooks) are reported. */
  report?: (message: string) => void;
  /** Environment for secrets and `CMS_API_TOKEN` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * What a malformed content file (invalid JSON/YAML/front matter, a bad file name) does to the load.
   * `false` (the default): it is reported through `report` (`warning: path:line:col: message`, stderr
   * by default) and left out; every other document is served. This suits a long-running server or
   * watcher, where one bad save must not take the site down, and it is what `cms serve` does.
   * `true`: the load throws a ProjectProblemsError whose `problems` name every such file, so a
   * build script fails instead of publishing a site without those documents. `cms export` (and
   * `exportApi`) refuse malformed files by default for the same reason (`--no-strict` /
   * `strict: false` to export the rest).
   *
   * @example
   * // A static-site build: stop on the first malformed file rather than ship without it.
   * const cms = await createCms({ root: './site', strict: true });
   */
  strict?: boolean;
  /** Report each malformed content file through `report` when loading (default true; `cms validate` prints them itself). */
  reportProblems?: boolean;
  /**
   * Start from `.cms/index-snapshot` (files whose size, mtime, ctime and inode match are not re-read) and keep it
   * current. Default false; the CLI turns it on.
   */
  indexSnapshot?: boolean;
  /**
   * Answer this branch's view instead of the base (`cms.branch(branch)` of the loaded site; the base is its prototype).
   *
   * @example
   * const spring = await createCms({ root: './site', branch: 'spring' });
   */
  branch?: string;
  /**
   * Start even when the shared state store (PostgreSQL) cannot be reached: content is served, no user or token
   * is known and their changes answer 503 until it answers, then they load. Default false: loading fails in one
   * line naming `CMS_STATE_URL`. `cms serve` turns it on, so a replica restarted during an outage comes up.
   */
  startWithoutStateStore?: boolean;
}

export interface Cms {
  root: string;
  config: CmsConfig;
  models: Models;
  index: ContentIndex;
  service: ContentService;
  writer: DocumentWriter;
  /** Strapi's REST content API as a function, anonymous callers being the Public role (HTTP). */
  contentApi: ContentApi;
  /** The same API for the site owner (the CLI): anonymous callers may do everything. */
  ownerApi: ContentApi;
  /** API tokens, users, roles and the auth rate limit (state in `.cms/state.json` or the shared PostgreSQL). */
  auth: Auth;
  /** Content types by uid, plural or singular API id. */
  contentType(name: string): Model;
  contentTypes(): Model[];
  /** Strapi 5 Document Service: `cms.documents('api::article.article').findMany({...})`. */
  documents<N extends ContentTypeName>(name: N, caller?: Caller): DocumentsFor<N>;
  /** Content files that could not be read (`path:line:col: message`). */
  problems(): FileError[];
  /**
   * `git.timestampsFromHistory`: read the commits since the last read (after a pull), before reindexing; `files`: the
   * files that changed in the work tree (else every file is looked at again).
   */
  refreshHistory(files?: string[]): Promise<void>;
  /** `git.push` / `git.pull`: this clone's sync with its remote (`replica.pull()` is what the pull route and interval call). */
  replica: Replica | undefined;
  /** Everything that follows a successful write (commit per write, webhooks); the media library calls it too. */
  afterWrite(event: WriteEvent): Promise<void>;
  /**
   * Re-read config, schemas and every content file (a schema or config change). Throws, keeping the old state, when invalid.
   * No write is lost or refused for it: writes asked meanwhile wait and then run on the new models (or the old ones if it
   * failed), and writes already under way are in the index it installs (service/reload-gate.ts). Reloads run one at a time.
   */
  reload(): Promise<void>;
  /** Files another writer changed (the watcher, a pull) were applied to `index`: a reload under way takes them too. */
  landed(index: ContentIndex, files: readonly string[]): Promise<void> | undefined;
  /** Where background problems are reported (`options.report`, stderr by default). */
  report(message: string): void;
  /** The environment it runs in (`options.env`, else `process.env`): secrets, NODE_ENV for the GraphQL face. */
  env: NodeJS.ProcessEnv;
  /** The project's lifecycle hooks around every write (set when its own `src/` code is loaded; see core/extensions). */
  writeHooks?: WriteHooks;
  /** The project's own routes, judging every route that reaches a type they own (set with its `src/` code; access/document-gate.ts). */
  routeGate?: ProjectRouteGate;
  /** Each controller's custom actions (`api::shop.shop` → `['featured']`), set with the project's `src/` code. */
  customActions?: ReadonlyMap<string, string[]>;
  /** Release what the project holds open (the shared state store's connections). */
  close(): Promise<void>;
  /**
   * A branch's view of the site as a Cms (core/branches/branch-site.ts): the base's documents with the branch's changes
   * over them; its writes are commits on the branch's ref, never files in the served tree. Cached per branch; a ref
   * another process moved is read again. Throws a 404 NotFoundError for an unknown branch, a 400 for a name git refuses.
   * The base's own branch answers this Cms.
   */
  branch(name: string): Promise<Cms>;
  /**
   * `branch(name)` without waiting, when it would answer at once: the view of a branch already open whose ref and base
   * ref (one stat each) are where it read them, no write holding it. Undefined otherwise (not open yet, a ref moved, the
   * base's own branch, a ref git packed): ask `branch`, which reads again what moved. `batch`: an object naming requests that
   * had all arrived before its first use, whose refs are then looked at once for all of them (not at all while a watch on
   * their folder saw no change: the batch is answered after the event loop's poll phase that read it, which runs the watch).
   */
  openBranch(name: string, batch?: object): Cms | undefined;
  /** On a branch's view: the branch's name (undefined on the base). */
  branchName?: string;
  /** What follows a write once it is stored (the `afterWrite` option, then webhooks): a branch's writes announce through it. */
  announce(event: WriteEvent): Promise<void>;
}

/**
 * Load a project: schemas, config and every content file, into an in-memory index.
 *
 * @example
 * const cms = await createCms({ root: './site' });
 * const articles = await cms.documents('articles').findMany({ filters: { title: { $containsi: 'coffee' } }, populate: ['author'] });
 */
export async function createCms(options: CreateCmsOptions = {}): Promise<Cms> {
  const root = resolve(options.root ?? '.');
  const cms = { root } as Cms;
  // Before anything reads the site: the writes a crash left only in a write log are put back in their files.
  await recoverWriteLogs(root);
  const assemble = async () => {
    if (!options.config) assertProjectRoot(root);
    const { config, source } = options.config ? { config: resolveConfig(options.config), source: undefined } : await loadConfigSource(root);
    // Behind `cms cluster`'s nginx (env CMS_TRUST_PROXY) the client address is the one the proxy forwarded.
    config.server.proxy = proxyInEffect(config.server.proxy, env);
    const models = loadModels(root);
    assertNamedTypes(config, [...models.values()].filter((model) => model.modelType === 'contentType'), source);
    assertPreviewTypes(config, models.values());
    // One rev-parse and one status answer both the snapshot's view and the file times (core/index/snapshot/git-changes.ts).
    // Without a snapshot the file times ask git alone: a `git status` (which may refresh the index) only where it ran before.
    const git = options.indexSnapshot ? askGit(root) : undefined;
    const history = config.git.timestampsFromHistory ? readFileTimes(root, git) : undefined;
    const index = await loadIndex(root, models, config, history?.then((read) => read.times), { snapshot: options.indexSnapshot, git });
    const problems = [...index.problems.values()];
    if (problems.length && options.strict) throw new ProjectProblemsError('Malformed content files', problems, 'ContentError');
    if (options.reportProblems ?? true) for (const problem of problems) report(`warning: ${problem.format()}`);
    const hooks = await afterWriteHooks(cms, config, index, options, report);
    const { announce } = hooks;
    // A write's files pass the reload gate before anything follows it (service/reload-gate.ts): noted while a reload is
    // under way, read into the serving index once this one is replaced. No promise of its own otherwise.
    const afterWrite = (event: WriteEvent): Promise<void> => {
      const caught = gate.landed(index, event.files);
      return caught ? caught.then(() => hooks.afterWrite(event)) : hooks.afterWrite(event);
    };
    // Created once, on the first load: it outlives reloads, as the clone it pushes from does.
    // Its machinery is imported only for a site that syncs with a remote.
    replica ??= config.git.push || config.git.pull
      ? (await import('./replication/replica.js')).createReplica({
        root, remote: config.git.push || 'origin', push: !!config.git.push, report,
        reindex: async (files) => (await import('./watch/reindex-files.js')).reindexFiles(cms, files, report),
        independent: (ours, theirs) => writesIndependent(cms.index, ours, theirs),
        pushTimeout: config.git.pushTimeout * 1000, pullToken: env.CMS_GIT_PULL_TOKEN,
        peers: [...config.git.peers, ...(env.CMS_GIT_PEERS ?? '').split(',').map((peer) => peer.trim()).filter(Boolean)],
        self: env.CMS_GIT_SELF?.trim() || undefined,
        forwardWrites: config.git.forwardWrites && !/^(false|0|no|off)$/i.test(env.CMS_GIT_FORWARD_WRITES ?? ''),
        forwardMargin: config.git.forwardMargin === false ? undefined : config.git.forwardMargin * 1000,
        stateUrl: electionUrl(root, config, env),
      })
      : undefined;
    const wantsDeletedRows = () => cms.config.webhooks.length > 0;
    const writerOptions = { afterWrite, wantsDeletedRows, gate: replica?.write, hooks: () => cms.writeHooks };
    const writer = new DocumentWriter(root, index, writerOptions, gate);
    // Opened once, on the first load: users and tokens do not change with the config or schemas.
    store ??= await openStateStore({
      root, config, env: options.env ?? process.env, report, startUnreachable: options.startWithoutStateStore,
    });
    const customActions = (uid: string) => cms.customActions?.get(uid) ?? [];
    const auth = createAuth({ root, config, models, env: options.env, report, store, customActions });
    // Relations to users read the state's users as rows (core/auth/user-rows.ts).
    followUsers(index, store);
    // A type the project's own routes own is answered only by them (core/access/document-gate.ts), never by this API.
    const ownedElsewhere = (model: Model) => cms.routeGate?.owns(model) ?? false;
    const { service, contentApi, ownerApi } = siteParts({ root, index, writer, config, auth, ownedElsewhere });
    const refreshHistory = async (files?: string[]) => { await (await history)?.refresh(files); };
    // The media library's writes commit through here, inside `replica.writeMedia` (its gate): pushed before they are answered too.
    return { config, models, index, service, writer, contentApi, ownerApi, auth, afterWrite, announce, refreshHistory, replica };
  };

  const report = options.report ?? ((message: string) => process.stderr.write(`${message}\n`));
  const env = options.env ?? process.env;
  // Reloads one at a time; the writes asked meanwhile wait for them and the ones in flight are carried over.
  const gate = new ReloadGate(root, () => (cms.writer ? cms : undefined));
  let replica: Replica | undefined;
  let store: StateStore | undefined;
  // A branch's views (core/branches/branch-site.ts): asked for (async), or when already open and unmoved (sync).
  type BranchSites = { (name: string): Promise<Cms>; open(name: string, batch?: object): Cms | undefined; close(): void };
  let branchOf: Promise<BranchSites> | undefined;
  let branchSites: BranchSites | undefined;
  const contentTypes = () => [...cms.models.values()]
    .filter((model) => model.modelType === 'contentType' && model.uid.startsWith('api::'));
  const contentType = (name: string): Model => {
    const model = contentTypes().find((candidate) => [candidate.uid, candidate.pluralName, candidate.singularName].includes(name));
    if (!model) throw new NotFoundError(`Unknown content type "${name}"`);
    return model;
  };

  const first = await assemble();
  gate.served(first);
  Object.assign(cms, first, {
    contentType,
    contentTypes,
    // Named now (an unknown type throws here); the parts and the model are those serving at each call (reloads swap them).
    documents: (name: string, caller: Caller = trustedCaller) => {
      const { uid } = contentType(name);
      return createDocuments(() => ({ service: cms.service, writer: cms.writer, model: cms.models.get(uid) ?? contentType(uid) }), caller);
    },
    problems: () => [...cms.index.problems.values()],
    report,
    env,
    // Swap every part at once: a request sees the old model or the new one, never a mix; writes are neither lost nor
    // refused for it (service/reload-gate.ts).
    reload: () => gate.reload(assemble, (parts) => { Object.assign(cms, parts); }),
    landed: (index: ContentIndex, files: readonly string[]) => gate.landed(index, files),
    // The index entries owed by commits in a large repository (git/index-debt.ts) are written before the CMS lets go.
    close: async () => {
      branchSites?.close();
      await replica?.writers?.stop(); await store?.close(); await settleIndexes(); await closeWriteLog(root);
    },
    // The branch machinery is imported when a branch is first asked for: most requests read the base.
    branch: async (name: string) => (await (branchOf ??= import('./branches/branch-site.js')
      .then((parts) => (branchSites = parts.branchSites(cms)))))(name),
    openBranch: (name: string, batch?: object) => branchSites?.open(name, batch),
  });
  return options.branch === undefined ? cms : cms.branch(options.branch);
}

/** The shared state store's URL when it is PostgreSQL's: the replicas then elect their writer there. */
function electionUrl(root: string, config: CmsConfig, env: NodeJS.ProcessEnv): string | undefined {
  const url = findStateUrl(root, config.state.url, env)?.url;
  return url && isStateUrl(url) ? url : undefined;
}
