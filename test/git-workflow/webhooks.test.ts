import { describe, expect, it } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import type { WriteEvent } from '../../core/service/write-event.js';
import { webhookDispatcher } from '../../core/webhooks/webhooks.js';
import { startApp, type TestServer } from '../helpers/project.js';
import { editJson, eventually, writableSample } from './helpers.js';

/** Article "Pizza napoletana": en published, fr published with a newer fr draft. */
const PIZZA = 'epw01z20kac98v6t19d3eer8';

interface Delivery { url: string; headers: Record<string, string>; body: any; attempt: number }

/**
 * A fake receiver: records every request; `fail(n)` makes the next n attempts fail (a network
 * error, then a 500), `hold()` keeps answers back until `release()`.
 */
function receiver() {
  const deliveries: Delivery[] = [];
  let failures = 0;
  let held: Promise<void> | undefined;
  let release = () => {};
  let attempts = 0;
  let givenUp = 0;
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    attempts++;
    const delivery = { url: String(url), headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(String(init?.body)), attempt: attempts };
    // A held delivery ends when released, or as a real fetch would when the sender gives up on it (its signal's abort).
    const holding = held;
    if (holding) {
      await new Promise<void>((resolveHold, rejectHold) => {
        void holding.then(resolveHold);
        init?.signal?.addEventListener('abort', () => { givenUp++; rejectHold(init.signal!.reason); }, { once: true });
      });
    }
    if (failures > 0) {
      failures--;
      if (failures % 2 === 1) throw new TypeError('fetch failed');
      return new Response('no', { status: 500 });
    }
    deliveries.push(delivery);
    return new Response(null, { status: 204 });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    deliveries,
    attempts: () => attempts,
    givenUp: () => givenUp,
    fail: (times: number) => { failures = times; },
    hold: () => { held = new Promise((resolveHeld) => { release = resolveHeld; }); },
    release: () => { held = undefined; release(); },
    events: () => deliveries.map((delivery) => delivery.body.event),
  };
}

type Receiver = ReturnType<typeof receiver>;

async function site(hooks: unknown[], hook: Receiver, reports: string[] = []): Promise<TestServer> {
  const root = writableSample();
  editJson(root, 'cms.config.json', (config) => { config.webhooks = hooks; });
  return startApp(root, { webhooks: { retryDelays: [5, 10], fetch: hook.fetch }, report: (message) => reports.push(message) });
}

const HOOK = { url: 'https://hooks.example.org/cms', headers: { 'x-secret': 's3cret', authorization: 'Bearer hook-token' } };

describe('webhooks: Strapi\'s events and payloads after each write', () => {
  it('create of a draft & publish document: entry.create then entry.publish, with Strapi\'s payload keys and the configured headers', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    const { body } = await server.sendJson('POST', '/api/articles', { data: { title: 'Hooked' } });
    await eventually(() => expect(hook.events()).toEqual(['entry.create', 'entry.publish']));
    for (const delivery of hook.deliveries) {
      expect(delivery.url).toBe(HOOK.url);
      expect(delivery.headers).toMatchObject({
        'content-type': 'application/json', 'x-secret': 's3cret', authorization: 'Bearer hook-token', 'x-strapi-event': delivery.body.event,
      });
      expect(Object.keys(delivery.body).sort()).toEqual(['createdAt', 'entry', 'event', 'model', 'uid']);
      expect(delivery.body).toMatchObject({ model: 'article', uid: 'api::article.article', createdAt: expect.stringMatching(/Z$/) });
    }
    // As Strapi 5.54 (test/webhooks): entry.create carries the draft the write made, entry.publish the published version.
    expect(hook.deliveries[0].body.entry).toMatchObject({ documentId: body.data.documentId, title: 'Hooked', publishedAt: null });
    expect(hook.deliveries[1].body.entry).toMatchObject(body.data);
  });

  it('update, draft update, unpublish, discard and delete: one event each (plus entry.publish when the write publishes)', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    const steps: [() => Promise<unknown>, string[]][] = [
      [() => server.sendJson('PUT', `/api/articles/${PIZZA}`, { data: { views: 1 } }), ['entry.update', 'entry.publish']],
      [() => server.sendJson('PUT', `/api/articles/${PIZZA}?status=draft`, { data: { title: 'Draft title' } }), ['entry.update']],
      [() => server.request(`/api/_cms/articles/${PIZZA}/discard-draft`, { method: 'POST' }), ['entry.draft-discard']],
      [() => server.request(`/api/_cms/articles/${PIZZA}/unpublish`, { method: 'POST' }), ['entry.unpublish']],
      [() => server.request(`/api/_cms/articles/${PIZZA}/publish`, { method: 'POST' }), ['entry.publish']],
      // One entry.delete per version removed (its draft and its published version), as Strapi.
      [() => server.request(`/api/articles/${PIZZA}`, { method: 'DELETE' }), ['entry.delete', 'entry.delete']],
    ];
    const expected: string[] = [];
    for (const [write, events] of steps) {
      await write();
      expected.push(...events);
      await eventually(() => expect(hook.events()).toEqual(expected));
    }
    const draft = hook.deliveries[2].body.entry;
    expect(draft).toMatchObject({ documentId: PIZZA, title: 'Draft title', publishedAt: null });
    const deleted = hook.deliveries.at(-1)!.body;
    expect(deleted).toMatchObject({ event: 'entry.delete', model: 'article', uid: 'api::article.article', entry: { documentId: PIZZA } });
  });

  it('unpublish sends the document as it now is: its draft', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    const before = (await server.getJson(`/api/articles/${PIZZA}`)).body.data;
    await server.request(`/api/_cms/articles/${PIZZA}/unpublish`, { method: 'POST' });
    await eventually(() => expect(hook.events()).toEqual(['entry.unpublish']));
    expect(hook.deliveries[0].body.entry).toMatchObject({ documentId: PIZZA, title: before.title, publishedAt: null });
  });

  it('a non-draft & publish type fires entry.create only', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    await server.sendJson('POST', '/api/tags', { data: { name: 'Hooked tag' } });
    await eventually(() => expect(hook.events()).toEqual(['entry.create']));
    expect(hook.deliveries[0].body).toMatchObject({ model: 'tag', uid: 'api::tag.tag', entry: { name: 'Hooked tag' } });
  });

  it('sends each hook only the events it lists', async () => {
    const hook = receiver();
    const server = await site([{ url: 'https://a.example.org/', events: ['entry.publish'] },
      { url: 'https://b.example.org/', events: ['entry.delete'] }], hook);
    await server.sendJson('POST', '/api/articles', { data: { title: 'Only publish' } });
    await server.request('/api/tags/b2hjgyg2kdh9a72boali13fe', { method: 'DELETE' });
    await eventually(() => expect(hook.deliveries.map((delivery) => `${delivery.url} ${delivery.body.event}`).sort()).toEqual([
      'https://a.example.org/ entry.publish', 'https://b.example.org/ entry.delete',
    ]));
  });

  it('a failed write sends nothing', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    expect((await server.sendJson('POST', '/api/articles', { data: { views: 'many' } })).status).toBe(400);
    await new Promise((resolveWait) => setTimeout(resolveWait, 30));
    expect(hook.attempts()).toBe(0);
  });
});

describe('webhooks: a delete reads the versions it removes only for webhooks', () => {
  async function deleteEvent(hooks: unknown[]): Promise<WriteEvent> {
    const root = writableSample();
    editJson(root, 'cms.config.json', (config) => { config.webhooks = hooks; });
    const events: WriteEvent[] = [];
    const server = await startApp(root, { webhooks: { fetch: receiver().fetch }, afterWrite: (event) => { events.push(event); } });
    expect((await server.request(`/api/articles/${PIZZA}`, { method: 'DELETE' })).status).toBe(204);
    return events.find((event) => event.action === 'delete')!;
  }

  it('with no webhook configured, the event carries no removed versions (none were read)', async () => {
    expect((await deleteEvent([])).deletedRows).toBeUndefined();
  });

  it('with a webhook, the event carries every removed version: the draft and the published one', async () => {
    const rows = (await deleteEvent([HOOK])).deletedRows!;
    expect(rows.map((row) => [row.documentId, row.publishedAt === null ? 'draft' : 'published'])).toEqual([
      [PIZZA, 'draft'], [PIZZA, 'published'],
    ]);
  });
});

describe('webhooks: delivery never holds up or fails a request', () => {
  it('retries with backoff: two failed attempts, then delivered', async () => {
    const hook = receiver();
    const reports: string[] = [];
    const server = await site([HOOK], hook, reports);
    hook.fail(2);
    await server.sendJson('POST', '/api/tags', { data: { name: 'Retried' } });
    await eventually(() => expect(hook.events()).toEqual(['entry.create']));
    expect(hook.attempts()).toBe(3);
    expect(reports).toEqual([]);
  });

  it('gives up after the last retry and reports it, once', async () => {
    const hook = receiver();
    const reports: string[] = [];
    const server = await site([HOOK], hook, reports);
    hook.fail(10);
    expect((await server.sendJson('POST', '/api/tags', { data: { name: 'Never delivered' } })).status).toBe(201);
    await eventually(() => expect(reports).toEqual(['webhook entry.create to hooks.example.org failed after 3 attempts: fetch failed']));
    expect(hook.attempts()).toBe(3);
  });

  it('answers the request before a slow receiver has answered', async () => {
    const hook = receiver();
    const server = await site([HOOK], hook);
    hook.hold();
    const response = await server.sendJson('POST', '/api/tags', { data: { name: 'Not waiting' } });
    expect(response.status).toBe(201);
    // The delivery is held until released below: a server that waited for it would answer only once it gave up on it (its
    // 10 s signal), however fast or slow the machine.
    expect(hook.givenUp()).toBe(0);
    await eventually(() => expect(hook.attempts()).toBe(1));
    expect(hook.deliveries).toEqual([]);
    hook.release();
    await eventually(() => expect(hook.events()).toEqual(['entry.create']));
  });

  it('a failure while building the payload is reported, never thrown', async () => {
    const reports: string[] = [];
    const hook = receiver();
    const dispatch = webhookDispatcher([HOOK], {
      fetch: hook.fetch, retryDelays: [], report: (message) => reports.push(message),
      loadEntry: async () => { throw new Error('index gone'); },
    });
    const server = await startApp(writableSample());
    const model = server.cms.contentType('tags');
    const event = { action: 'update' as const, model, documentId: 'b2hjgyg2kdh9a72boali13fe', locale: null,
      files: ['content/tags/b2hjgyg2kdh9a72boali13fe.json'], caller: trustedCaller };
    expect(dispatch(event)).toBeUndefined();
    await eventually(() => expect(reports).toEqual(['webhook for update api::tag.tag b2hjgyg2kdh9a72boali13fe not sent: index gone']));
    expect(hook.attempts()).toBe(0);
  });

  it('reports a receiver it cannot reach by host only (a secret in the URL stays out of logs)', async () => {
    const reports: string[] = [];
    const hook = receiver();
    hook.fail(10);
    const server = await site([{ url: 'https://hooks.example.org/cms?token=secret' }], hook, reports);
    await server.sendJson('POST', '/api/tags', { data: { name: 'Secret URL' } });
    await eventually(() => expect(reports).toHaveLength(1));
    expect(reports[0]).not.toContain('secret');
  });

  it('refuses a config whose webhook URL is not a URL', async () => {
    const root = writableSample();
    editJson(root, 'cms.config.json', (config) => { config.webhooks = [{ url: 'not a url' }]; });
    await expect(startApp(root)).rejects.toThrow(/webhooks must be a list of/);
  });
});
