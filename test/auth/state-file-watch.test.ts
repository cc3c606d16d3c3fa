import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateFileWatch } from '../../core/auth/state-file-watch.js';

const watches: StateFileWatch[] = [];
afterEach(() => { for (const watch of watches.splice(0)) watch.close(); });

function project(withFolder: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'state-watch-'));
  if (withFolder) mkdirSync(join(root, '.cms'));
  const file = join(root, '.cms', 'state.json');
  // No safety tick within a test: only the watch may report a change.
  const watch = new StateFileWatch(file, root, 3_600_000);
  watches.push(watch);
  return { root, file, watch };
}

describe('the auth state file watch', () => {
  it('is stale until armed, fresh after, and stale again once the file is replaced by a rename', async () => {
    const { root, file, watch } = project(true);
    expect(watch.stale).toBe(true);
    watch.arm();
    expect(watch.stale).toBe(false);
    writeFileSync(join(root, '.cms', '.state.json.tmp'), '{}');
    renameSync(join(root, '.cms', '.state.json.tmp'), file);
    await expect.poll(() => watch.stale).toBe(true);
  });

  it('watches the project root while the folder is missing, and sees the folder appear', async () => {
    const { root, watch } = project(false);
    watch.arm();
    expect(watch.stale).toBe(false);
    mkdirSync(join(root, '.cms'));
    await expect.poll(() => watch.stale).toBe(true);
    // Armed again, it now watches the folder itself.
    watch.arm();
    expect(watch.stale).toBe(false);
    writeFileSync(join(root, '.cms', 'state.json'), '{}');
    await expect.poll(() => watch.stale).toBe(true);
  });

  it('follows a folder removed and made again', async () => {
    const { root, file, watch } = project(true);
    watch.arm();
    rmSync(join(root, '.cms'), { recursive: true });
    mkdirSync(join(root, '.cms'));
    await expect.poll(() => watch.stale).toBe(true);
    watch.arm();
    expect(watch.stale).toBe(false);
    writeFileSync(file, '{}');
    await expect.poll(() => watch.stale).toBe(true);
  });

  it('stays stale (every read looks at the file) when no watch can be made, and after close', () => {
    const missing = join(tmpdir(), `state-watch-missing-${process.pid}-${Date.now()}`);
    const unwatchable = new StateFileWatch(join(missing, '.cms', 'state.json'), missing);
    watches.push(unwatchable);
    unwatchable.arm();
    expect(unwatchable.stale).toBe(true);
    const { watch } = project(true);
    watch.arm();
    watch.close();
    expect(watch.stale).toBe(true);
  });
});
