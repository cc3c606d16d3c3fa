import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { spawnerMain } from './spawner-main.js';

/** One program to start, every option spelled out (the spawner shares neither its parent's cwd nor env). */
export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  input?: string | Uint8Array;
}

/** An error as the spawner sends it: name, message and own fields (`code`, `errno`, `syscall`, `path`, `spawnargs`). */
export interface ErrorFields { name: string; message: string; stack?: string; own: Record<string, unknown> }

/** How a started program ended: its exit, or the error that ended the run (it could not start; the spawner died). */
export type Ending = { code: number | null; signal: NodeJS.Signals | null; error?: undefined } | { error: Error | ErrorFields };

/** A program started somewhere (here or in the spawner): its output as streams read with backpressure, its end, a way to kill it. */
export interface Started {
  stdout: Readable;
  stderr: Readable;
  /** Settles once the program ended and both streams have ended. */
  ended: Promise<Ending>;
  /** Sends the program this signal (throws as ChildProcess.kill does for a signal that does not exist). */
  kill(signal: NodeJS.Signals | number): void;
}

/** Bytes a program's output may run ahead of what this process took from the streams; past it, the spawner stops reading. */
export const WINDOW = 1 << 20;
/** Bytes taken before they are acknowledged in one message (below WINDOW, so the spawner never waits on an owed ack). */
const ACK_EVERY = WINDOW / 4;
/** An environment differing from the one the spawner holds in more names than this is sent whole, and held from then on. */
const MAX_ENV_CHANGES = 16;

type Env = Record<string, string>;
type Run = { stdout: Readable; stderr: Readable; end: (ending: Ending) => void };
type Message = { id: number } & ({ fd: 1 | 2; data: Buffer } | { exit: { code: number | null; signal: NodeJS.Signals | null } } | { error: ErrorFields });

/** The script the spawner runs: spawnerMain's own source, called with the builtins it needs. */
const SCRIPT = `(${spawnerMain.toString()})(require, process)`;

/** The spawner process, its runs under way, and the environment it holds (what envFields last sent whole). */
type Spawner = { child: ChildProcess; runs: Map<number, Run>; env?: Env };
let spawner: Spawner | undefined;
let nextId = 1;

/** The spawner, started now if none runs: a plain `node -e` without this process's flags or loaders (a small heap to fork from). */
function current() {
  if (spawner) return spawner;
  const child = spawn(process.execPath, ['-e', SCRIPT], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced',
    // Its own environment does not reach the programs it runs (each request names theirs): none of this process's NODE_OPTIONS.
    env: { PATH: process.env.PATH ?? '' },
  });
  const started: Spawner = { child, runs: new Map() };
  spawner = started;
  const gone = (reason: string) => {
    if (spawner === started) spawner = undefined;
    for (const { end } of started.runs.values()) end({ error: new Error(`the spawner process ended (${reason}) before it answered`) });
    started.runs.clear();
  };
  child.on('message', (message: Message) => {
    const run = started.runs.get(message.id);
    if (!run) return;
    if ('data' in message) {
      (message.fd === 1 ? run.stdout : run.stderr).push(message.data);
      return;
    }
    started.runs.delete(message.id);
    if (!started.runs.size) child.channel?.unref();
    run.end('exit' in message ? message.exit : { error: message.error });
  });
  child.on('error', (error) => gone(error.message));
  child.on('exit', (code, signal) => gone(signal ?? `exit ${code}`));
  // It never keeps this process alive: its channel is held only while a run is under way.
  child.unref();
  child.channel?.unref();
  return started;
}

/** The environment as the spawner is sent it: whole the first time (or when most of it differs), else what differs from its own. */
function envFields(env: NodeJS.ProcessEnv, held: { env?: Env }): { envBase?: Env; envSet?: Env; envUnset?: string[] } {
  if (held.env) {
    const envSet: Env = {};
    const envUnset: string[] = [];
    let changes = 0;
    for (const name in env) {
      const value = env[name];
      if (value !== undefined && held.env[name] !== value) { envSet[name] = value; changes++; }
    }
    for (const name in held.env) if (env[name] === undefined) { envUnset.push(name); changes++; }
    if (changes <= MAX_ENV_CHANGES) return changes ? { envSet, envUnset } : {};
  }
  const whole: Env = {};
  for (const name in env) if (env[name] !== undefined) whole[name] = env[name]!;
  held.env = whole;
  return { envBase: whole };
}

/** Start one program through the spawner: its output streams in chunks, each acknowledged once this process has taken it. */
export function startVia({ env, ...request }: SpawnRequest): Started {
  const held = current();
  const { child, runs } = held;
  const id = nextId++;
  let owed = 0;
  const acknowledge = (bytes: number) => {
    owed += bytes;
    if (owed < ACK_EVERY || !child.connected) return;
    child.send({ ack: id, bytes: owed });
    owed = 0;
  };
  // A chunk counts as taken once the stream asks for more (read) or takes it at once (push answered true).
  const stream = () => {
    let pushed = 0;
    const readable = new Readable({ highWaterMark: WINDOW, read: () => { acknowledge(pushed); pushed = 0; } });
    const push = readable.push.bind(readable);
    readable.push = (chunk: Buffer | null) => {
      if (chunk === null) return push(null);
      const more = push(chunk);
      if (more) acknowledge(chunk.length); else pushed += chunk.length;
      return more;
    };
    return readable;
  };
  const stdout = stream();
  const stderr = stream();
  let end!: (ending: Ending) => void;
  const ended = new Promise<Ending>((resolve) => {
    end = (ending) => {
      stdout.push(null);
      stderr.push(null);
      // Once what was pushed has been taken (or let go): the answer comes after the last of the output.
      Promise.all([stdout, stderr].map((each) => finished(each).catch(() => undefined))).then(() => resolve(ending));
    };
  });
  runs.set(id, { stdout, stderr, end });
  child.channel?.ref();
  child.send({ id, ...request, ...envFields(env, held), window: WINDOW }, (error) => {
    if (!error || !runs.has(id)) return;
    runs.delete(id);
    end({ error });
  });
  return {
    stdout, stderr, ended,
    kill: (signal) => { if (child.connected) child.send({ kill: id, signal }); },
  };
}

/** The running spawner's process id, or undefined when none runs (tests, and `cms serve`'s status). */
export const spawnerPid = (): number | undefined => spawner?.child.pid;

/** Ends the spawner (tests); the next call through it starts another. */
export function stopSpawner(): void {
  spawner?.child.kill();
}
