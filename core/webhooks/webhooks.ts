import type { WebhookConfig, WebhookEvent } from '../config/types.js';
import { UPLOAD_FILE_UID } from '../schema/types.js';
import type { WriteEvent } from '../service/document-writer.js';
import type { Data, Status } from '../types.js';

/**
 * Strapi's payloads: `{ event, createdAt, model, uid, entry }`, and `{ event, createdAt, media }` for uploads; a write
 * to a branch adds `branch`.
 */
export type WebhookPayload =
  | { event: WebhookEvent; createdAt: string; model: string; uid: string; entry: Data; branch?: string }
  | { event: WebhookEvent; createdAt: string; media: Data; branch?: string };

export interface WebhookOptions {
  /** Delays before each retry; the number of entries is the number of retries. */
  retryDelays?: number[];
  fetch?: typeof fetch;
  report?: (message: string) => void;
  /** The document after the write, as the API shows it (no populate), in the status `entryStatus` picks. */
  loadEntry: (event: WriteEvent, status: Status) => Promise<Data | null>;
}

const isDraftFile = (file: string) => /\.draft\.[^.]+$/.test(file);

/**
 * Which version a payload's `entry` is: the published one after a write that publishes, the
 * draft after a draft write, an unpublish (the content lives on as the draft) or a discard.
 */
export function entryStatus(event: WriteEvent): Status {
  if (event.action === 'unpublish' || event.action === 'discardDraft') return 'draft';
  return event.files.some((file) => !isDraftFile(file)) ? 'published' : 'draft';
}

/** Strapi's events for a write: a write that publishes also fires `entry.publish`. */
export function eventsFor(event: WriteEvent): WebhookEvent[] {
  if (event.model.uid === UPLOAD_FILE_UID) {
    return event.action === 'create' || event.action === 'update' || event.action === 'delete' ? [`media.${event.action}`] : [];
  }
  const publishes = event.files.some((file) => !isDraftFile(file));
  switch (event.action) {
    case 'create': return publishes && event.model.draftAndPublish ? ['entry.create', 'entry.publish'] : ['entry.create'];
    case 'update': return publishes && event.model.draftAndPublish ? ['entry.update', 'entry.publish'] : ['entry.update'];
    case 'delete': return ['entry.delete'];
    case 'publish': return ['entry.publish'];
    case 'unpublish': return ['entry.unpublish'];
    case 'discardDraft': return ['entry.draft-discard'];
  }
}

const wait = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, ms));

/** The receiver's host for reports (never its path or query, which may carry a secret). */
function hostOf(url: string): string {
  try { return new URL(url).host; } catch { return 'an invalid URL'; }
}

async function deliver(hook: WebhookConfig, payload: WebhookPayload, options: WebhookOptions): Promise<void> {
  const send = options.fetch ?? fetch;
  const delays = options.retryDelays ?? [1000, 4000, 16000];
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await send(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(hook.headers ?? {}) },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return;
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= delays.length) {
        options.report?.(
          `webhook ${payload.event} to ${hostOf(hook.url)} failed after ${attempt + 1} attempts: ${(error as Error).message}`,
        );
        return;
      }
      await wait(delays[attempt]);
    }
  }
}

/**
 * An after-write hook sending Strapi's webhook payloads (`event`, `createdAt`, `model`, `uid`,
 * `entry`) to every configured URL, retried with backoff, in the background: a slow or failing
 * receiver never blocks or fails the request.
 */
export function webhookDispatcher(hooks: WebhookConfig[], options: WebhookOptions) {
  const pending = new Set<Promise<void>>();
  const dispatch = async (event: WriteEvent): Promise<void> => {
    const names = eventsFor(event);
    const wanted = hooks.filter((hook) => names.some((name) => !hook.events || hook.events.includes(name)));
    if (!wanted.length) return;
    const entry = event.action === 'delete'
      ? event.deleted ?? { documentId: event.documentId, locale: event.locale }
      : (await options.loadEntry(event, entryStatus(event))) ?? { documentId: event.documentId };
    for (const name of names) {
      const createdAt = new Date().toISOString();
      const payload: WebhookPayload = event.model.uid === UPLOAD_FILE_UID
        ? { event: name, createdAt, media: entry }
        : { event: name, createdAt, model: event.model.singularName, uid: event.model.uid, entry };
      // A branch's write names its branch (Strapi has none: a base write's payload is Strapi's exactly).
      if (event.branch !== undefined) payload.branch = event.branch;
      for (const hook of wanted.filter((candidate) => !candidate.events || candidate.events.includes(name))) {
        const delivery = deliver(hook, payload, options).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
    }
  };
  // Never awaited by the write: a slow receiver cannot hold the request, and nothing here can fail it.
  const hook = (event: WriteEvent) => {
    dispatch(event)
      .catch((error: unknown) => options.report?.(
        `webhook for ${event.action} ${event.model.uid} ${event.documentId} not sent: ${(error as Error)?.message ?? String(error)}`,
      ));
  };
  return Object.assign(hook, {
    /** Resolves when every delivery under way has finished (tests, graceful shutdown). */
    idle: async () => { while (pending.size) await Promise.all([...pending]); },
  });
}
