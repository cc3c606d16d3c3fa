import { trustedCaller } from './access/permissions.js';
import type { CmsConfig } from './config/types.js';
import type { ContentIndex } from './index/content-index.js';
import type { Models } from './schema/types.js';
import type { ContentService } from './service/content-service.js';
import type { WriteEvent } from './service/document-writer.js';
import type { WebhookOptions } from './webhooks/webhooks.js';

type Hook = (event: WriteEvent) => Promise<void> | void;

/** What follows a site's writes: `afterWrite` (the caller's hook, the git commit, webhooks), and `announce` (no commit). */
export interface AfterWriteHooks {
  afterWrite: (event: WriteEvent) => Promise<void>;
  announce: (event: WriteEvent) => Promise<void>;
}

/** The site as a hook reads it when it runs (its models and service then, a branch's view): a Cms. */
interface HookedSite {
  root: string;
  models: Models;
  service: ContentService;
  branch(name: string): Promise<HookedSite>;
}

/** The createCms options that shape the hooks. */
interface HookOptions {
  afterWrite?: Hook;
  gitCommit?: boolean;
  webhooks?: Pick<WebhookOptions, 'retryDelays' | 'fetch'>;
}

const inOrder = (hooks: Hook[]) => async (event: WriteEvent) => { for (const hook of hooks) await hook(event); };

/**
 * Everything that follows a successful write, in order: the caller's hook, the git commit, webhooks (`afterWrite`);
 * without the commit (`announce`), for a branch's writes, which their view commits to the branch. The commit and webhook
 * machinery is imported only for a site that commits its writes or has webhooks (issue 39: a `cms get` loads neither).
 *
 * @example
 * const { afterWrite } = await afterWriteHooks(cms, config, index, options, report);
 */
export async function afterWriteHooks(
  cms: HookedSite, config: CmsConfig, index: ContentIndex, options: HookOptions, report: (message: string) => void,
): Promise<AfterWriteHooks> {
  const hooks: Hook[] = [];
  const told: Hook[] = [];
  if (options.afterWrite) hooks.push(options.afterWrite);
  if (options.afterWrite) told.push(options.afterWrite);
  // A replica that pushes commits every write: the commit is what it pushes.
  const commitsWrites = options.gitCommit ?? (config.git.commitPerWrite || !!config.git.push);
  if (!commitsWrites && !config.webhooks.length) return { afterWrite: inOrder(hooks), announce: inOrder(told) };
  const { commitLater, insideReplicaWrite, joinCommitGroup, whenAcknowledged } = await import('./replication/write-context.js');
  if (commitsWrites) {
    const [{ commitPerWrite }, { createGit }, { commitIntent }] = await Promise.all([
      import('./git/commit-per-write.js'), import('./git/git.js'), import('./replication/commit-intents.js'),
    ]);
    // Timestamps from history: the commit carries the write's time, so every replica reads the same.
    const authorDate = (files: string[]) => files.map((file) => index.fileTimes?.get(file)).find(Boolean);
    const commit = commitPerWrite(createGit(cms.root), report, authorDate);
    // A replica's write asks for its commit; the pusher makes the commits of a batch together, just before pushing.
    const commitNow = async (event: WriteEvent) => {
      if (!insideReplicaWrite() || !commitLater(await commitIntent(cms.root, event, authorDate))) await commit(event);
    };
    // Project code's writes that belong together (a write and its lifecycle hooks' writes) make one commit; a replica's write commits each.
    hooks.push(async (event) => { if (insideReplicaWrite() || !joinCommitGroup(event, commitNow)) await commitNow(event); });
  }
  if (config.webhooks.length) {
    const [{ webhookDispatcher }, { webhookPopulate }] = await Promise.all([
      import('./webhooks/webhooks.js'), import('./webhooks/webhook-entry.js'),
    ]);
    const dispatch = webhookDispatcher(config.webhooks, {
      ...options.webhooks,
      report,
      loadEntry: async (event, status) => {
        // Populated as Strapi populates a webhook's entry (webhook-entry.ts).
        const query = { locale: event.locale ?? undefined, status, populate: webhookPopulate(cms.models, event.model.uid) };
        // A branch's write: its entry as that branch reads it.
        const site = event.branch ? await cms.branch(event.branch) : cms;
        return (await site.service.findOne(event.model, event.documentId, query, trustedCaller)) ?? null;
      },
    });
    // A replica's write is announced once the remote holds it, never for an attempt it ran again or answered 503.
    const webhooks = (event: WriteEvent) => whenAcknowledged(async () => dispatch(event));
    hooks.push(webhooks);
    told.push(webhooks);
  }
  return { afterWrite: inOrder(hooks), announce: inOrder(told) };
}
