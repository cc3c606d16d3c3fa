// Project code runs in this process (as Strapi runs it in its own): a project that patches Node's globals at load time
// (hartcurtains' src/index.ts replaces fs.unlink and the process's unhandledRejection/uncaughtException handlers, and
// logs as it goes) would change the test runner's. guardProcess keeps them and gives them back.
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';

const EVENTS = ['unhandledRejection', 'uncaughtException'] as const;
const CONSOLE = ['log', 'info', 'warn', 'error'] as const;

/** Keeps fs.unlink, the process's error handlers and console's methods (silenced meanwhile); answers a `restore`. */
export function guardProcess(): () => void {
  const unlink = { unlink: fs.unlink, unlinkSync: fs.unlinkSync, promises: fsPromises.unlink };
  const handlers = EVENTS.map((event) => [event, process.listeners(event)] as const);
  const printing = CONSOLE.map((method) => [method, console[method]] as const);
  for (const method of CONSOLE) console[method] = () => {};
  return () => {
    Object.assign(fs, { unlink: unlink.unlink, unlinkSync: unlink.unlinkSync });
    Object.assign(fsPromises, { unlink: unlink.promises });
    for (const [event, listeners] of handlers) {
      process.removeAllListeners(event);
      for (const listener of listeners) process.on(event, listener as (...args: unknown[]) => void);
    }
    for (const [method, print] of printing) console[method] = print;
  };
}
