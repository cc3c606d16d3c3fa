import { describe, expect, it } from 'vitest';
import { FileError } from '../../core/errors.js';
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

describe('BranchIndex keeps its problems, file times and held values to itself', () => {
  it('a problem reported on the branch is the branch\'s; a base problem of a file the branch replaces is hidden', async () => {
    const base = await generatedBase(200, 12);
    const branch = new BranchIndex(base);
    const [first, second] = base.files('content/articles/');
    branch.reportProblem(new FileError(first, 'malformed on the branch'));
    expect(branch.problems.get(first)?.message).toBe('malformed on the branch');
    expect(branch.problemFiles('content/articles/')).toEqual([first]);
    expect(base.problems.has(first)).toBe(false);
    base.reportProblem(new FileError(second, 'malformed on the base'));
    expect(branch.problems.has(second)).toBe(true);
    branch.setRecord(base.record(second)!);
    expect(branch.problems.has(second)).toBe(false);
    expect(base.problems.has(second)).toBe(true);
    expect([...branch.problems.keys()]).toEqual([first]);
  });

  it('file times written on the branch layer over the base\'s, which stay as they were', async () => {
    const base = await generatedBase(200, 13);
    const branch = new BranchIndex(base);
    expect(branch.fileTimes).toBeUndefined();
    base.fileTimes = new Map([['content/tags/a.json', '2024-01-01T00:00:00.000Z']]);
    branch.fileTimes!.set('content/tags/b.json', '2025-01-01T00:00:00.000Z');
    expect(Object.fromEntries(branch.fileTimes!)).toEqual({
      'content/tags/b.json': '2025-01-01T00:00:00.000Z', 'content/tags/a.json': '2024-01-01T00:00:00.000Z',
    });
    expect(base.fileTimes.has('content/tags/b.json')).toBe(false);
  });

  it('a value a branch write holds is taken on that branch only, until released', async () => {
    const base = await generatedBase(200, 14);
    const branch = new BranchIndex(base);
    const release = branch.holdValues('api::tag.tag', 'held', null, true, [['name', 'Held name']]);
    expect([...branch.valueHolders('api::tag.tag', 'name', null, 'published', 'Held name')]).toEqual(['held']);
    expect(base.valueHolders('api::tag.tag', 'name', null, 'published', 'Held name').size).toBe(0);
    release();
    expect(branch.valueHolders('api::tag.tag', 'name', null, 'published', 'Held name').size).toBe(0);
  });
});
