import { ValidationError } from '../errors.js';

/**
 * Most levels of objects and arrays client JSON may nest (the root counts as one): a request body,
 * an upload's `fileInfo`. A project rule: Strapi has none, and a 100k-deep value made its
 * validators and ours overflow the stack (500). The deepest a schema needs is far below: blocks
 * stop at 32 node levels (about 66 here), and components add a few.
 */
export const MAX_BODY_DEPTH = 100;

/**
 * Does JSON text nest objects and arrays deeper than `max`? A linear scan of the brackets outside
 * strings, before anything recursive (validation, error printing, writing) sees the value.
 *
 * @example
 * nestsDeeperThan('{"a":[[1]]}', 2) // true
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** The 400 for client JSON nested deeper than MAX_BODY_DEPTH. */
export const tooDeep = (): ValidationError =>
  new ValidationError(
    `The request body is nested too deep: at most ${MAX_BODY_DEPTH} levels of objects and arrays`, { maxDepth: MAX_BODY_DEPTH },
  );
