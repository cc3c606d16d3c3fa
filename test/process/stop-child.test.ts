// The one way the tests stop a child they started (test/helpers/stop-child.ts): resolved only once it has exited, so that a test
// removing its folder next never races it, and bounded, so that a child ignoring the signal cannot hold the suite.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopChild } from '../helpers/stop-child.js';

/** A node child that says `ready` on stdout once its code ran (its signal handlers set). */
async function child(code: string) {
  const started = spawn(process.execPath, ['-e', `${code}; process.stdout.write('ready')`], { stdio: ['ignore', 'pipe', 'ignore'] });
  await once(started.stdout!, 'data');
  return started;
}

describe('stopChild', () => {
  it('resolves once the child has exited from the signal sent', async () => {
    const running = await child('setInterval(() => {}, 1000)');
    await stopChild(running);
    expect([running.exitCode, running.signalCode]).toEqual([null, 'SIGTERM']);
  });

  it('kills a child that ignores the signal with SIGKILL after the grace time, and still awaits its exit', async () => {
    const stubborn = await child("process.once('SIGTERM', () => {}); setInterval(() => {}, 1000)");
    await stopChild(stubborn, 'SIGTERM', { graceMs: 100 });
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it('waits for a child that takes its time over the signal, as a server finishing its writes does', async () => {
    const slow = await child("process.once('SIGTERM', () => setTimeout(() => process.exit(7), 300)); setInterval(() => {}, 1000)");
    await stopChild(slow);
    expect(slow.exitCode).toBe(7);
  });

  it('sends SIGKILL itself when asked (a durability test), and returns at once for a child already gone or never given', async () => {
    const killed = await child('setInterval(() => {}, 1000)');
    await stopChild(killed, 'SIGKILL');
    expect(killed.signalCode).toBe('SIGKILL');
    await stopChild(killed);
    await stopChild(undefined);
    expect(killed.killed).toBe(true);
  });
});
