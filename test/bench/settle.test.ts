import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settle, settleSummary } from '../../bench/settle.mjs';

// The Strapi table waits before each server's run until the machine is done with the run before it (bench/settle.mjs):
// the wait ends after enough quiet windows in a row, or at its cap on a machine that stays busy, and each wait is counted.

describe.runIf(existsSync('/proc/stat'))('waiting for the machine to settle between two servers\' runs', () => {
  it('ends after the quiet windows asked for when every window counts as quiet', async () => {
    const before = settleSummary().waits;
    const waited = await settle({ windowMs: 10, quietWindows: 3, busyBelow: 1.01, maxMs: 60_000 });
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(60_000);
    expect(settleSummary().waits).toBe(before + 1);
  });

  it('gives up at its cap when no window is ever quiet, and counts the wait as one still busy', async () => {
    const { capped } = settleSummary();
    const waited = await settle({ windowMs: 10, quietWindows: 2, busyBelow: 0, maxMs: 50 });
    expect(waited).toBeGreaterThanOrEqual(50);
    expect(settleSummary().capped).toBe(capped + 1);
  });
});
