/** Runs `task` once admitted: `caller` names whose work it is, `cost` its pixels (width × height declared). */
export type Admit = <T>(caller: string, cost: number, task: () => Promise<T>) => Promise<T>;

export interface AdmissionLimits {
  /** Tasks running at once, at most (the image workers). */
  slots: number;
  /** Pixels of the tasks running at once, at most; a task costing more runs alone. */
  pixels: number;
  /** Times a waiting task may be passed over by another caller's smaller one before it holds the door. */
  passes?: number;
}

interface Waiting { caller: string; cost: number; passed: number; start: () => void }

/**
 * Admission of image work by pixel cost, fair between callers. Tasks run together while their pixels
 * fit in `pixels` and a slot is free. Callers take turns (each caller's own tasks in arrival order), and
 * a caller with a task running waits while another caller waits: one caller's big images cannot make
 * another's small one wait for them. A task that does not fit lets smaller ones of other callers pass,
 * `passes` times at most; then nothing else starts before it, so a stream of small images cannot starve it.
 *
 * @example
 * const admit = pixelAdmission({ slots: 2, pixels: 64_000_000 });
 * await admit('user:1', 7000 * 7000, () => resize(big)); // beside it, admit('user:2', 640 * 480, …) starts at once
 */
export function pixelAdmission(limits: AdmissionLimits): Admit {
  const { slots, pixels, passes = 2 } = limits;
  // Map order is the turn order: a caller served goes to the back.
  const queues = new Map<string, Waiting[]>();
  const running = new Map<string, number>();
  let active = 0;
  let used = 0;

  const fits = (job: Waiting) => active < slots && (active === 0 || used + job.cost <= pixels);
  const othersWait = (caller: string) => [...queues.keys()].some((other) => other !== caller);

  /** The next task to start, or undefined when none may start now. */
  const choose = (): Waiting | undefined => {
    const passedOver: Waiting[] = [];
    for (const [caller, queue] of queues) {
      if (running.get(caller) && othersWait(caller)) continue;
      const job = queue[0];
      if (fits(job)) {
        for (const skipped of passedOver) skipped.passed++;
        return job;
      }
      if (job.passed >= passes) return undefined;
      passedOver.push(job);
    }
    return undefined;
  };

  const pump = () => {
    for (let job = choose(); job; job = choose()) {
      const queue = queues.get(job.caller)!;
      queue.shift();
      queues.delete(job.caller);
      if (queue.length) queues.set(job.caller, queue);
      active++;
      used += job.cost;
      running.set(job.caller, (running.get(job.caller) ?? 0) + 1);
      job.start();
    }
  };

  const release = (job: Waiting) => {
    active--;
    used -= job.cost;
    const left = running.get(job.caller)! - 1;
    if (left) running.set(job.caller, left);
    else running.delete(job.caller);
    pump();
  };

  return async (caller, cost, task) => {
    let job!: Waiting;
    await new Promise<void>((start) => {
      job = { caller, cost: Math.max(0, cost), passed: 0, start };
      const queue = queues.get(caller);
      if (queue) queue.push(job);
      else queues.set(caller, [job]);
      pump();
    });
    try {
      return await task();
    } finally {
      release(job);
    }
  };
}
