// The write log's checkpoints make files durable through one long-lived shell (`sync -f`, core/storage/sync-file-system.ts).
// Started at the first checkpoint, it was forked from a server holding its whole site: at 1M rows the fork held the event
// loop ~16 ms, inside the writes' answers (bench/write-probe.mjs showed it as 0.27 ms of every one of 60 creates). `cms
// serve` now starts it before it loads the site, while the process is small.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { copySampleSite } from '../helpers/project.js';
import { serveSite, type ServedSite } from '../write/served-site.js';

/** The command lines of a process's children (Linux: each thread's `children` list). */
function childCommands(pid: number): string[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try { return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean); } catch { return []; }
  });
  return children.flatMap((child) => {
    try { return [readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim()]; } catch { return []; }
  });
}

describe.runIf(process.platform === 'linux')('the checkpoints\' sync shell', () => {
  let served: ServedSite | undefined;
  afterEach(async () => { await served?.stop(); served = undefined; });

  it('is running once cms serve is serving, before any write asked for a checkpoint (not forked later from the loaded site)', async () => {
    served = await serveSite(copySampleSite());
    expect(childCommands(served.child.pid!).filter((command) => command.includes('sync -f'))).toHaveLength(1);
  });
});
