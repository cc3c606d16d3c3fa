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
  /** The document after the write, populated as Strapi's webhooks are (webhook-entry.ts), in the status `entryStatus` picks. */
  loadEntry: (event: WriteEvent, status: Status) => Promise<Data | null>;
}

const isDraftFile = (file: string) => /\.draft\.[^.]+$/.test(file);

/**
 * Which version a payload's `entry` is (recorded from Strapi 5.54): `entry.publish` carries the published version;
 * `entry.create`/`entry.update` of a draft & publish type the draft the write made (Strapi writes the draft, then
 * publishes it); an unpublish or a discard the draft the document now is. Other types have only the published version.
 */
export function entryStatus(event: WriteEvent, name: WebhookEvent): Status {
  if (name === 'entry.publish') return 'published';
  return event.model.draftAndPublish ? 'draft' : 'published';
}

/** Strapi's events for a write: a write that publishes also fires `entry.publish`. */
export function eventsFor(event: WriteEvent): WebhookEvent[] {
  if (event.model.uid === UPLOAD_FILE_UID) {
    return event.action === 'create' || event.action === 'update' || event.action === 'delete' ? [`media.${event.action}`] : [];
  }
  const publishes = event.files.some((file) => !isDraftFile(file));
  switch (event.action) {
    case 'create': return publishes && event.model.draftAndPublish ? ['entry.create', 'entry.publish'] : ['entry.create'];
    case 'update': {
      // A new locale of an existing document is a create in Strapi's document service.
      const name = event.newLocale ? 'entry.create' : 'entry.update';
      return publishes && event.model.draftAndPublish ? [name, 'entry.publish'] : [name];
    }
    case 'delete': return ['entry.delete'];
    case 'publish': return ['entry.publish'];
    case 'unpublish': return ['entry.unpublish'];
    case 'discardDraft': return ['entry.draft-discard'];
  }
}

/**
 * Each delivery's event and entry (entryStatus picks the version); a delete sends one `entry.delete` per version
 * removed, unpopulated, as Strapi (media: one).
 */
async function sendsOf(
  event: WriteEvent, names: WebhookEvent[], entryFor: (name: WebhookEvent) => Promise<Data>,
): Promise<[WebhookEvent, Data][]> {
  if (event.action === 'delete') {
    if (event.model.uid !== UPLOAD_FILE_UID && event.deletedRows?.length) return event.deletedRows.map((row) => ['entry.delete', row]);
    return names.map((name) => [name, event.deleted ?? { documentId: event.documentId, locale: event.locale }]);
  }
  return Promise.all(names.map(async (name) => [name, await entryFor(name)] as [WebhookEvent, Data]));
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
        // Strapi's webhook runner: the hook's own headers, then the event's name and the type, which they cannot override.
        headers: { ...(hook.headers ?? {}), 'x-strapi-event': payload.event, 'content-type': 'application/json' },
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
    const entries = new Map<Status, Promise<Data>>();
    const entryFor = (name: WebhookEvent) => {
      const status = entryStatus(event, name);
      if (!entries.has(status)) {
        entries.set(status, options.loadEntry(event, status).then((entry) => entry ?? { documentId: event.documentId }));
      }
      return entries.get(status)!;
    };
    const sends = await sendsOf(event, names, entryFor);
    for (const [name, entry] of sends) {
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
