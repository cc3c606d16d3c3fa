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

/** Where a run through the spawner delivers: each chunk of output as it comes (1 stdout, 2 stderr), then how it ended. */
export interface Sink {
  data(fd: 1 | 2, chunk: Buffer): void;
  end(ending: Ending): void;
}

/** A run through the spawner: `taken` tells it so many bytes of output were taken (it sends on while under WINDOW ahead). */
export interface Run { kill(signal: NodeJS.Signals | number): void; taken(bytes: number): void }

/** Bytes a program's output may run ahead of what this process took from the streams; past it, the spawner stops reading. */
export const WINDOW = 1 << 20;
/** Bytes taken before they are acknowledged in one message (below WINDOW, so the spawner never waits on an owed ack). */
const ACK_EVERY = WINDOW / 4;
/** An environment differing from the one the spawner holds in more names than this is sent whole, and held from then on. */
const MAX_ENV_CHANGES = 16;

type Env = Record<string, string>;
type Exit = { code: number | null; signal: NodeJS.Signals | null };
/** From the spawner: a chunk; or the end (an exit or an error), with what output was still held. */
type Message = { id: number } & ({ fd: 1 | 2; data: Buffer } | ({ stdout?: Buffer; stderr?: Buffer } & ({ exit: Exit } | { error: ErrorFields })));

/** The script the spawner runs: spawnerMain's own source, called with the builtins it needs. */
const SCRIPT = `(${spawnerMain.toString()})(require, process)`;

/** The spawner process, its runs under way, and the environment it holds (what envFields last sent whole). */
type Spawner = { child: ChildProcess; runs: Map<number, Sink>; env?: Env; names?: number };
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
    const sink = started.runs.get(message.id);
    if (!sink) return;
    if ('data' in message) {
      sink.data(message.fd, message.data);
      return;
    }
    started.runs.delete(message.id);
    if (!started.runs.size) child.channel?.unref();
    if (message.stdout) sink.data(1, message.stdout);
    if (message.stderr) sink.data(2, message.stderr);
    sink.end('exit' in message ? message.exit : { error: message.error });
  });
  child.on('error', (error) => gone(error.message));
  child.on('exit', (code, signal) => gone(signal ?? `exit ${code}`));
  // It never keeps this process alive: its channel is held only while a run is under way.
  child.unref();
  child.channel?.unref();
  return started;
}

/** The environment as the spawner is sent it: whole the first time (or when most of it differs), else what differs from its own. */
function envFields(env: NodeJS.ProcessEnv, held: { env?: Env; names?: number }): { envBase?: Env; envSet?: Env; envUnset?: string[] } {
  if (held.env) {
    const envSet: Env = {};
    const envUnset: string[] = [];
    // One read of each variable (process.env's reads are its cost: ~1 µs each); names held but not met are looked up only
    // when fewer were met than are held.
    let changes = 0;
    let met = 0;
    for (const name in env) {
      const value = env[name];
      if (value === undefined) continue;
      if (name in held.env) met++;
      if (held.env[name] !== value) { envSet[name] = value; changes++; }
    }
    if (met < held.names!) for (const name in held.env) if (env[name] === undefined) { envUnset.push(name); changes++; }
    if (changes <= MAX_ENV_CHANGES) return changes ? { envSet, envUnset } : {};
  }
  const whole: Env = {};
  for (const name in env) if (env[name] !== undefined) whole[name] = env[name]!;
  held.env = whole;
  held.names = Object.keys(whole).length;
  return { envBase: whole };
}

/** Start one program through the spawner, its output delivered to `sink` as it comes. */
export function startVia({ env, ...request }: SpawnRequest, sink: Sink): Run {
  const held = current();
  const { child, runs } = held;
  const id = nextId++;
  let owed = 0;
  runs.set(id, sink);
  child.channel?.ref();
  child.send({ id, ...request, ...envFields(env, held), window: WINDOW }, (error) => {
    if (!error || !runs.has(id)) return;
    runs.delete(id);
    sink.end({ error });
  });
  return {
    kill: (signal) => { if (child.connected) child.send({ kill: id, signal }); },
    taken: (bytes) => {
      owed += bytes;
      if (owed < ACK_EVERY || !child.connected || !runs.has(id)) return;
      child.send({ ack: id, bytes: owed });
      owed = 0;
    },
  };
}

/** Start one program through the spawner with its output as streams: a chunk counts as taken once its stream has room for it. */
export function streamVia(request: SpawnRequest): Started {
  let run!: Run;
  const stream = () => {
    let waiting = 0;
    const readable = new Readable({ highWaterMark: WINDOW, read: () => { run.taken(waiting); waiting = 0; } });
    // A stream let go of (destroyed) takes nothing more: its chunks count as taken, so the program is never held.
    readable.once('close', () => { run.taken(waiting); waiting = 0; });
    return {
      readable,
      push: (chunk: Buffer) => {
        if (readable.destroyed || readable.push(chunk)) run.taken(chunk.length);
        else waiting += chunk.length;
      },
    };
  };
  const out = stream();
  const err = stream();
  const ended = new Promise<Ending>((resolve) => {
    run = startVia(request, {
      data: (fd, chunk) => (fd === 1 ? out : err).push(chunk),
      end: (ending) => {
        out.readable.push(null);
        err.readable.push(null);
        // Once what was pushed has been taken (or let go): the answer comes after the last of the output.
        Promise.all([out.readable, err.readable].map((each) => finished(each).catch(() => undefined))).then(() => resolve(ending));
      },
    });
  });
  return { stdout: out.readable, stderr: err.readable, ended, kill: (signal) => run.kill(signal) };
}

/** The running spawner's process id, or undefined when none runs (tests, and `cms serve`'s status). */
export const spawnerPid = (): number | undefined => spawner?.child.pid;

/** Ends the spawner (tests); the next call through it starts another. */
export function stopSpawner(): void {
  spawner?.child.kill();
}
