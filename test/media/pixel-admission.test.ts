import { describe, expect, it } from 'vitest';
import { pixelAdmission } from '../../core/media/pixel-admission.js';

const MPX = 1_000_000;

/** Tasks that start when admitted and end only when the test says so: ordering is read from events, never from time. */
function harness(limits: Parameters<typeof pixelAdmission>[0]) {
  const admit = pixelAdmission(limits);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (name: string, caller: string, cost: number) => admit(caller, cost, () => new Promise<string>((resolve) => {
    started.push(name);
    finishers.set(name, () => resolve(name));
  }));
  const finish = async (name: string) => {
    finishers.get(name)!();
    // Admission of the next task happens on the release, a few microtasks after the task resolves.
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  };
  return { submit, finish, started };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('pixelAdmission (image work by pixel cost, a share per caller)', () => {
  it('starts another caller\'s small image beside one caller\'s big images, instead of after all of them', async () => {
    const { submit, finish, started } = harness({ slots: 2, pixels: 64 * MPX });
    const big = ['big1', 'big2', 'big3', 'big4'].map((name) => submit(name, 'user:1', 49 * MPX));
    const small = submit('small', 'user:2', 0.3 * MPX);
    await settled();
    expect(started).toEqual(['big1', 'small']);
    await finish('small');
    await expect(small).resolves.toBe('small');
    await finish('big1');
    expect(started).toEqual(['big1', 'small', 'big2']);
    for (const name of ['big2', 'big3', 'big4']) await finish(name);
    await expect(Promise.all(big)).resolves.toEqual(['big1', 'big2', 'big3', 'big4']);
  });

  it('runs tasks together only while their pixels fit, and one larger than the budget alone', async () => {
    const { submit, finish, started } = harness({ slots: 3, pixels: 10 * MPX });
    void submit('a', 'x', 6 * MPX);
    void submit('b', 'y', 5 * MPX);
    void submit('huge', 'z', 40 * MPX);
    await settled();
    expect(started).toEqual(['a']);
    await finish('a');
    expect(started).toEqual(['a', 'b']);
    await finish('b');
    expect(started).toEqual(['a', 'b', 'huge']);
    void submit('c', 'x', 1);
    await settled();
    expect(started).toEqual(['a', 'b', 'huge']);
    await finish('huge');
    expect(started).toEqual(['a', 'b', 'huge', 'c']);
  });

  it('lets a caller use every slot while no one else waits, and gives the next slot to the caller who waits', async () => {
    const { submit, finish, started } = harness({ slots: 2, pixels: 64 * MPX });
    for (const name of ['a1', 'a2', 'a3']) void submit(name, 'a', MPX);
    void submit('b1', 'b', MPX);
    await settled();
    expect(started).toEqual(['a1', 'a2']);
    await finish('a1');
    expect(started).toEqual(['a1', 'a2', 'b1']);
  });

  it('a stream of other callers\' small images cannot starve a big one: it is passed over twice, then goes next', async () => {
    const { submit, finish, started } = harness({ slots: 2, pixels: 64 * MPX, passes: 2 });
    void submit('first', 'a', 40 * MPX);
    void submit('big', 'b', 40 * MPX);
    await settled();
    expect(started).toEqual(['first']);
    void submit('s1', 'c', MPX);
    await settled();
    void submit('s2', 'd', MPX);
    await finish('s1');
    expect(started).toEqual(['first', 's1', 's2']);
    void submit('s3', 'e', MPX);
    await finish('s2');
    // big was passed over by s1 and s2: s3 waits behind it even though s3 fits.
    expect(started).toEqual(['first', 's1', 's2']);
    await finish('first');
    expect(started).toEqual(['first', 's1', 's2', 'big', 's3']);
  });

  it('frees the slot and the pixels of a task that fails', async () => {
    const admit = pixelAdmission({ slots: 1, pixels: 10 * MPX });
    await expect(admit('a', 10 * MPX, async () => { throw new Error('decode failed'); })).rejects.toThrow('decode failed');
    await expect(admit('b', 10 * MPX, async () => 'next')).resolves.toBe('next');
  });
});
