import { describe, expect, it } from 'vitest';
import { BranchIndex } from '../../core/index/branch-index.js';
import { expectSameAnswers, expectSameIndex, fullIndex, generatedBase } from './branch-site.js';
import { BranchWorld } from './branch-world.js';

describe('BranchIndex answers as a full index of the base with the overlay applied', () => {
  it.each([1, 2, 3, 4, 5, 6])('after random overlay and base changes (seed %i)', async (seed) => {
    const world = new BranchWorld(await generatedBase(150, seed), seed);
    for (let step = 0; step < 40; step++) {
      world.step();
      const full = fullIndex(world.base, world.viewRecords().values());
      const { documentIds, probes } = world.probes();
      try {
        expectSameIndex(world.branch, full, documentIds, probes);
        if (step % 4 === 3) expectSameAnswers(world.branch, full, [...documentIds.get('api::article.article') ?? []]);
      } catch (error) {
        (error as Error).message = `seed ${seed}, step ${step}, after:\n  ${world.log.join('\n  ')}\n${(error as Error).message}`;
        throw error;
      }
    }
  }, 120_000);

  it('lists the overlay, and an overlay replaced by resetOverlay is the only one seen', async () => {
    const base = await generatedBase(200, 9);
    const branch = new BranchIndex(base);
    const [first, second] = base.files('content/articles/');
    const changed = { ...base.record(first)!, data: { ...base.record(first)!.data, title: 'Changed' } };
    branch.setRecord(changed);
    branch.removeRecord(second);
    expect(branch.overlayFiles()).toEqual(new Map([[first, changed], [second, null]]));
    expect(branch.record(second)).toBeUndefined();
    expect(base.record(second)).toBeDefined();
    branch.resetOverlay([], [first]);
    expect(branch.overlayFiles()).toEqual(new Map([[first, null]]));
    expect(branch.record(second)).toBe(base.record(second));
    expect(branch.record(first)).toBeUndefined();
    expect(base.record(first)!.data.title).not.toBe('Changed');
  });
});
