import { spawn, type ChildProcess } from 'node:child_process';
import { spawnerMain } from './spawner-main.js';

/** One program run as execFile runs it, every option spelled out (the spawner shares neither its parent's cwd nor env). */
export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  input?: string | Uint8Array;
  maxBuffer: number;
  timeout: number;
  killSignal: NodeJS.Signals | number;
}

/** What came back: the outputs as Buffers, and the error's name, message and own fields (`code`, `signal`, `killed`, `cmd`). */
export interface SpawnAnswer {
  stdout?: Buffer;
  stderr?: Buffer;
  error?: { name: string; message: string; stack?: string; own: Record<string, unknown> };
}

type Pending = { resolve: (answer: SpawnAnswer) => void; reject: (error: Error) => void };

/** The script the spawner runs: spawnerMain's own source, called with the builtins it needs. */
const SCRIPT = `(${spawnerMain.toString()})(require, process)`;

let spawner: { child: ChildProcess; pending: Map<number, Pending> } | undefined;
let nextId = 1;

/** The spawner, started now if none runs: a plain `node -e` without this process's flags or loaders (a small heap to fork from). */
function current() {
  if (spawner) return spawner;
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced',
    // Its own environment does not reach the programs it runs (each request names theirs): none of this process's NODE_OPTIONS.
    env: { PATH: process.env.PATH ?? '' },
  });
  const started = { child, pending: new Map<number, Pending>() };
  spawner = started;
  const gone = (reason: string) => {
    if (spawner === started) spawner = undefined;
    for (const { reject } of started.pending.values()) reject(new Error(`the spawner process ended (${reason}) before it answered`));
    started.pending.clear();
  };
  child.on('message', (message: SpawnAnswer & { id: number }) => {
    const waiting = started.pending.get(message.id);
    if (!waiting) return;
    started.pending.delete(message.id);
    if (!started.pending.size) child.channel?.unref();
    waiting.resolve(message);
  });
  child.on('error', (error) => gone(error.message));
  child.on('exit', (code, signal) => gone(signal ?? `exit ${code}`));
  // It never keeps this process alive: its channel is held only while an answer is awaited.
  child.unref();
  child.channel?.unref();
  return started;
}

/** Run one program through the spawner; `kill` asks it to kill that program (an aborted call). */
export function spawnVia(request: SpawnRequest): { answer: Promise<SpawnAnswer>; kill: () => void } {
  const { child, pending } = current();
  const id = nextId++;
  const answer = new Promise<SpawnAnswer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    child.channel?.ref();
    child.send({ id, ...request }, (error) => {
      if (!error || !pending.has(id)) return;
      pending.delete(id);
      reject(error);
    });
  });
  return { answer, kill: () => { if (child.connected) child.send({ kill: id }); } };
}

/** The running spawner's process id, or undefined when none runs (tests, and `cms serve`'s status). */
export const spawnerPid = (): number | undefined => spawner?.child.pid;

/** Ends the spawner (tests); the next call through it starts another. */
export function stopSpawner(): void {
  spawner?.child.kill();
}
