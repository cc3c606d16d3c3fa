import { trustedCaller, type Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { commitMessage } from '../git/commit-per-write.js';
import { BranchIndex } from '../index/branch-index.js';
import { DocumentWriter, type WriteEvent } from '../service/document-writer.js';
import { createDocuments } from '../service/documents.js';
import type { WriteHooks } from '../service/write-event.js';
import { siteParts } from '../site-parts.js';
import { branchAuthors } from './branch-author.js';
import { branchGate } from './branch-gate.js';
import { branchGit } from './branch-git.js';
import { BranchNotFoundError, checkBranchName } from './branch-names.js';
import { branchRemote } from './branch-remote.js';
import { BranchStore } from './branch-store.js';
import { branchTipReader, type BranchTipReader } from './branch-tip-file.js';
import { onBranch } from './request-branch.js';

/** How many branch names a replica remembers having looked up on its remote. */
const REMEMBERED_NAMES = 1000;

/** One branch's open view: made over this base index (a reload makes a new one), its store holding the overlay. */
interface BranchSite {
  base: Cms['index'];
  store: BranchStore;
  view: Cms;
}

/** The branch the served tree has checked out (the base): naming it is naming the base itself. */
async function servedBranch(root: string): Promise<string | undefined> {
  return (await branchGit(root)(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => '')).trim() || undefined;
}

/**
 * `cms.branch(name)`: a branch's view as a Cms, cached per branch. Each call looks at the ref (a file read, no git run):
 * a ref another process moved is read again into the view's overlay, a deleted branch's view is dropped (404), a reload
 * of the base (new schemas or config) makes new views. The base's own branch answers the base itself.
 *
 * @example
 * const branch = branchSites(cms); const spring = await branch('spring'); await spring.documents('articles').findMany();
 */
export function branchSites(cms: Cms): ((name: string) => Promise<Cms>) & { open(name: string, batch?: object): Cms | undefined; close(): void } {
  const tipOf = branchTipReader(cms.root);
  const sites = new Map<string, Promise<BranchSite>>();
  // The views the call last answered, for `open`; the served branch's name once known (null: HEAD names none).
  const answered = new Map<string, BranchSite>();
  let servedName: string | null | undefined;
  // Made on the first call: the site's config is loaded by then.
  let follow: ReturnType<typeof remoteFollower> | undefined;
  let baseName: Promise<string | undefined> | undefined;
  const open = (name: string) => {
    const opening = openBranchSite(cms, name, tipOf);
    sites.set(name, opening);
    opening.catch(() => { if (sites.get(name) === opening) sites.delete(name); });
    return opening;
  };
  const branch = async (name: string) => {
    checkBranchName(name);
    follow ??= remoteFollower(cms, sites);
    const tip = (await tipOf(name)) ?? (await follow.unknown(name));
    if (!tip) {
      sites.delete(name);
      answered.delete(name);
      throw new BranchNotFoundError(name);
    }
    if (name === await (baseName ??= servedBranch(cms.root).then((found) => { servedName = found ?? null; return found; }))) return cms;
    follow.known(name);
    const current = sites.get(name);
    let site = current && await current;
    // Made over an index a reload replaced: made again (once, whoever asks first).
    if (!site || site.base !== cms.index) site = await (sites.get(name) === current ? open(name) : sites.get(name)!);
    // A write under way holds the overlay as it goes; its gate reads the ref again before the next one. A base that moved
    // (a merge, a pull) changes what the branch changed since it left it: read again too.
    const served = await baseName;
    const baseTip = served ? await tipOf(served) : undefined;
    const baseMoved = baseTip !== undefined && site.store.baseTip !== '' && site.store.baseTip !== baseTip;
    if ((site.store.tip !== tip || baseMoved) && !site.store.writing) await site.store.load();
    answered.set(name, site);
    return site.view;
  };
  return Object.assign(branch, {
    open: (name: string, batch?: object) => openNow(cms, answered.get(name), name, servedName, { tipOf, batch }, follow),
    // The ref files held open for kept reads (they are opened again if a read comes after).
    close: () => tipOf.close(),
  });
}

/**
 * The view the call would answer without waiting: `site` (the call's last answer for `name`) made over the current base,
 * no write under way, its ref and the served branch's ref where its overlay was read (one stat each, as the call does; once
 * per `batch` of requests, an `fstat` of each file as last read: see BranchTipReader.now). Undefined whenever the call has anything to look at or read again.
 */
function openNow(
  cms: Cms, site: BranchSite | undefined, name: string, served: string | null | undefined,
  { tipOf, batch }: { tipOf: BranchTipReader; batch?: object }, follow: ReturnType<typeof remoteFollower> | undefined,
): Cms | undefined {
  if (!site || served === undefined || !follow || site.base !== cms.index || site.store.writing) return undefined;
  const tip = tipOf.now(name, batch);
  if (tip === undefined || tip !== site.store.tip) return undefined;
  if (served !== null) {
    const baseTip = tipOf.now(served, batch);
    if (baseTip === undefined || (site.store.baseTip !== '' && site.store.baseTip !== baseTip)) return undefined;
  }
  follow.known(name);
  return site.view;
}

/**
 * A replica's branches follow the remote's (`git.push` / `git.pull`): a branch not known here is fetched before it is
 * answered 404, and a known one fetched again (a fast-forward, in the background) at most once per `git.poll` seconds, so
 * another replica's writes reach this one's reads.
 */
function remoteFollower(cms: Cms, sites: Map<string, Promise<BranchSite>>) {
  const { git } = cms.config;
  const remote = git.push || git.pull ? branchRemote(cms.root, git.push || 'origin', git.pushTimeout * 1000) : undefined;
  const fetched = new Map<string, number>();
  const everyMs = (git.poll || 1) * 1000;
  return {
    unknown: async (name: string) => {
      // A name asked for (any caller may send any header) is looked up on the remote at most once per `git.poll`, and only
      // the latest names are remembered.
      if (!remote || Date.now() - (fetched.get(name) ?? 0) < everyMs) return undefined;
      if (fetched.size >= REMEMBERED_NAMES) fetched.delete(fetched.keys().next().value!);
      fetched.set(name, Date.now());
      return remote.fetch(name).catch(() => undefined);
    },
    known: (name: string) => {
      if (!remote || Date.now() - (fetched.get(name) ?? 0) < everyMs) return;
      fetched.set(name, Date.now());
      void (async () => {
        // Not while a write of this replica holds the branch: its commit may not be on the remote yet.
        const site = await sites.get(name)?.catch(() => undefined);
        if (!site?.store.writing) await remote.fetch(name);
      })().catch(() => undefined);
    },
  };
}

/** The project's lifecycles around a branch write, run as the branch's: their own `strapi.documents()` writes land on it too. */
const onBranchHooks = (cms: Cms, view: Cms) => (): WriteHooks | undefined => {
  const hooks = cms.writeHooks;
  return hooks && { around: (...args) => onBranch(cms, view, () => hooks.around(...args)) };
};

/** Build a branch's view over the base's current index: a BranchIndex, a writer whose store is the branch, its own APIs. */
async function openBranchSite(cms: Cms, name: string, tipOf: (name: string) => Promise<string | undefined>): Promise<BranchSite> {
  const base = cms.index;
  const index = new BranchIndex(base);
  const { git } = cms.config;
  const remote = git.push ? branchRemote(cms.root, git.push, git.pushTimeout * 1000) : undefined;
  const store = new BranchStore(cms.root, name, index, (message) => cms.report(message), remote);
  await store.load();
  const view = Object.create(cms) as Cms;
  const authorOf = branchAuthors(cms.root, () => cms.auth);
  // The commit is the write's acknowledgement: a write is answered once the ref holds it; webhooks then name the branch.
  const afterWrite = async (event: WriteEvent) => {
    await store.commit(await authorOf(event.caller), commitMessage(event));
    await cms.announce({ ...event, branch: name });
  };
  const gate = branchGate(cms.root, store, tipOf);
  // Its writes announce through the base's webhooks: the removed versions are read when those would send them.
  const wantsDeletedRows = () => cms.config.webhooks.length > 0;
  const writer = new DocumentWriter(cms.root, index, { store, gate, afterWrite, wantsDeletedRows, hooks: onBranchHooks(cms, view) });
  const ownedElsewhere = (model: Parameters<NonNullable<Cms['routeGate']>['owns']>[0]) => cms.routeGate?.owns(model) ?? false;
  const parts = siteParts({ root: cms.root, index, writer, config: cms.config, auth: cms.auth, ownedElsewhere });
  Object.assign(view, {
    ...parts, index, writer, afterWrite, branchName: name,
    documents: (type: string, caller: Caller = trustedCaller) => {
      const model = cms.contentType(type);
      return createDocuments(() => ({ service: parts.service, writer, model }), caller);
    },
    problems: () => [...index.problems.values()],
  });
  return { base, store, view };
}
