import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trustedCaller } from '../../core/access/permissions.js';
import { createCms, type Cms } from '../../core/cms.js';
import { ReloadGate, type ServedParts } from '../../core/service/reload-gate.js';
import { reindexFiles } from '../../core/watch/reindex-files.js';
import { writableSite } from '../write/helpers.js';

const TAG = 'api::tag.tag';
const TAG_ID = 'b2hjgyg2kdh9a72boali13fe';

/** Two loads of one site: `old` serving, its writes' files handed to the gate; `fresh`, read before they land. */
async function twoLoads() {
  const root = writableSite();
  let gate: ReloadGate | undefined;
  let old!: Cms;
  old = await createCms({ root, afterWrite: (event) => gate?.landed(old.index, event.files) });
  const fresh = await createCms({ root });
  let serving: ServedParts = old;
  gate = new ReloadGate(root, () => serving);
  gate.served(old);
  return { old, fresh, gate, serve: (parts: ServedParts) => { serving = parts; } };
}

/** A reload's load held: `of(parts)` is the assemble, `loaded` settles once it began, `letGo` lets it end. */
function heldLoad() {
  let loading!: () => void;
  let letGo!: () => void;
  const loaded = new Promise<void>((resolve) => { loading = resolve; });
  const go = new Promise<void>((resolve) => { letGo = resolve; });
  return { loaded, letGo, of: <T>(parts: T) => async () => { loading(); await go; return parts; } };
}

describe('ReloadGate', () => {
  it('reads the files written while the reload loads into the new index before it is installed', async () => {
    const { old, fresh, gate, serve } = await twoLoads();
    const load = heldLoad();
    let atInstall = -1;
    let createdId = '';
    const reloading = gate.reload(load.of(fresh), (parts) => {
      atInstall = parts.index.documentRecords(TAG, createdId).length;
      serve(parts);
    });
    await load.loaded;
    // The new index was read before this write: without the gate it would never hold it.
    createdId = (await old.documents(TAG).create({ data: { name: 'Landed during the load' } })).documentId as string;
    expect(fresh.index.documentRecords(TAG, createdId)).toHaveLength(0);
    load.letGo();
    await reloading;
    expect(atInstall).toBe(1);
  });

  it('reads a retired index\'s later writes into the serving one before the write is answered', async () => {
    const { old, fresh, gate, serve } = await twoLoads();
    await gate.reload(async () => fresh, serve);
    const created = await old.documents(TAG).create({ data: { name: 'Landed after the swap' } });
    expect(fresh.index.documentRecords(TAG, created.documentId as string)).toHaveLength(1);
  });

  it('reads a retired index\'s write during a second reload into the index that reload installs, not only the one serving', async () => {
    const { old, fresh, gate, serve } = await twoLoads();
    await gate.reload(async () => fresh, serve);
    const third = await createCms({ root: old.root });
    const load = heldLoad();
    const reloading = gate.reload(load.of(third), serve);
    await load.loaded;
    // Written by the first load's writer (retired), after the second reload's load read the files.
    const created = await old.documents(TAG).create({ data: { name: 'Retired, during the second reload' } });
    expect(fresh.index.documentRecords(TAG, created.documentId as string)).toHaveLength(1);
    load.letGo();
    await reloading;
    expect(third.index.documentRecords(TAG, created.documentId as string)).toHaveLength(1);
  });

  it('reads a file a pull or the watcher applied while the reload loads into the index it installs', async () => {
    const { old, fresh, gate, serve } = await twoLoads();
    const [file] = old.index.documentRecords(TAG, TAG_ID).map((record) => record.file);
    const load = heldLoad();
    const reloading = gate.reload(load.of(fresh), serve);
    await load.loaded;
    // Another writer's change (a peer's pull, a CLI write the watcher saw), read after the new index was.
    writeFileSync(join(old.root, file), JSON.stringify({ ...JSON.parse(readFileSync(join(old.root, file), 'utf8')), name: 'Pulled' }));
    const target = { root: old.root, index: old.index, reload: old.reload, refreshHistory: async () => {},
      landed: (index: typeof old.index, files: readonly string[]) => gate.landed(index, files) };
    await reindexFiles(target, [file], () => {});
    load.letGo();
    await reloading;
    expect(fresh.index.documentRecords(TAG, TAG_ID)[0].data).toMatchObject({ name: 'Pulled' });
  });

  it('refuses a write held across a reload that removed its type, with a 404 naming the type', async () => {
    const { old, fresh, gate, serve } = await twoLoads();
    const models = new Map([...fresh.models].filter(([uid]) => uid !== TAG));
    await gate.reload(async () => ({ index: fresh.index, models, writer: fresh.writer, service: fresh.service }), serve);
    const asked = [old.models.get(TAG)!, { data: { name: 'Held across' } }, {}, trustedCaller, old.service];
    await expect(gate.redirect(old.writer, 'create', asked)).rejects.toMatchObject({
      name: 'NotFoundError', status: 404, message: `Unknown content type "${TAG}": the schemas changed while the write waited`,
    });
    expect(fresh.index.scopedRows(TAG, { status: 'draft', locale: null }).some((row) => row.data?.name === 'Held across')).toBe(false);
  });

  it('runs reloads one at a time and holds writes until the last one asked is over', async () => {
    const { fresh, gate, serve } = await twoLoads();
    const order: string[] = [];
    let letGo!: () => void;
    const go = new Promise<void>((resolve) => { letGo = resolve; });
    let letSecondGo!: () => void;
    const secondGo = new Promise<void>((resolve) => { letSecondGo = resolve; });
    const first = gate.reload(async () => { order.push('first'); await go; return fresh; }, serve);
    const second = gate.reload(async () => { order.push('second'); await secondGo; return fresh; }, serve);
    expect(gate.pending).toBeDefined();
    await Promise.resolve();
    expect(order).toEqual(['first']);
    letGo();
    await first;
    // The second is still loading: writes asked now still wait.
    await expect.poll(() => order).toEqual(['first', 'second']);
    expect(gate.pending).toBeDefined();
    letSecondGo();
    await second;
    expect(gate.pending).toBeUndefined();
  });
});
