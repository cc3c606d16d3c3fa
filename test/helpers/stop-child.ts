import type { ChildProcess } from 'node:child_process';

/**
 * How long a child asked to stop has before it is killed with SIGKILL: a `cms serve` on a loaded 2-core machine may still be
 * running git or writing `.cms/` state when it is told to stop.
 */
export const STOP_GRACE_MS = 10_000;

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once `child` has exited (at once if it already has, or never started). */
export function exited(child: ChildProcess): Promise<void> {
  if (ended(child) || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Send `child` `signal` and resolve once it has exited, so that nothing of it is left writing into a folder the test removes
 * next or running into the next test. A child still alive after `graceMs` is killed with SIGKILL, and its exit still awaited.
 * `kill` sends a signal another way (to a process group: `(signal) => process.kill(-child.pid!, signal)`).
 */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM',
  { graceMs = STOP_GRACE_MS, kill = (sent: NodeJS.Signals) => { child!.kill(sent); } } = {}): Promise<void> {
  if (!child) return;
  const exit = exited(child);
  if (ended(child) || child.pid === undefined) return;
  const send = (sent: NodeJS.Signals) => { try { kill(sent); } catch { /* exited meanwhile (ESRCH) */ } };
  send(signal);
  const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => send('SIGKILL'), graceMs);
  try {
    await exit;
  } finally {
    clearTimeout(timer);
  }
}
