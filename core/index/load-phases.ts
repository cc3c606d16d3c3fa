/** One stage of a load: the process's CPU time (every thread: the collector's helpers included) and the wall time it took. */
export interface LoadPhase {
  cpuMs: number;
  wallMs: number;
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Times a load stage by stage (decoding the snapshot, listing, waiting for Git, the files, the rows),
 * so a start's cost can be split without a profiler: each `lap` closes the stage since the last one.
 *
 * @example
 * const clock = new LoadPhases(); decode(); clock.lap('snapshot'); build(); clock.lap('rows'); clock.phases.rows.cpuMs
 */
export class LoadPhases {
  readonly phases: Record<string, LoadPhase> = {};
  #cpu = cpuMs();
  #wall = performance.now();

  lap(name: string): void {
    const [cpu, wall] = [cpuMs(), performance.now()];
    this.phases[name] = { cpuMs: Math.round(cpu - this.#cpu), wallMs: Math.round(wall - this.#wall) };
    [this.#cpu, this.#wall] = [cpu, wall];
  }
}
