import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers/project.js';

/** The pages the tests hold to their word: the README and every Markdown page of the docs site (not VitePress's build output). */
export function docFiles(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative(REPO_ROOT, path));
    }
  };
  walk(join(REPO_ROOT, 'docs'));
  return ['README.md', ...pages.sort()];
}

export const readDoc = (file: string): string => readFileSync(join(REPO_ROOT, file), 'utf8');

export interface Fence {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** Words after the language: `runnable`, `static`. */
  meta: string[];
  body: string;
}

/**
 * The fenced code blocks of a Markdown text. A fence that never closes, or a line inside a block that starts with a fence followed
 * by text (a closing fence glued to prose, which Markdown does not close on), is thrown as an error naming its line.
 */
export function fencesOf(file: string, text: string): Fence[] {
  const lines = text.split('\n');
  const found: Fence[] = [];
  let open: { line: number; indent: number; marker: string; lang: string; meta: string[]; body: string[] } | undefined;
  lines.forEach((raw, index) => {
    const match = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(raw);
    if (!open) {
      if (!match) return;
      const [lang = '', ...meta] = match[3].trim().split(/\s+/).filter(Boolean);
      open = { line: index + 1, indent: match[1].length, marker: match[2], lang, meta, body: [] };
      return;
    }
    if (match && match[2].startsWith(open.marker)) {
      if (match[3].trim() !== '') {
        throw new Error(`${file}:${index + 1}: a fence with text after it inside the block opened at line ${open.line}`);
      }
      found.push({ file, line: open.line, lang: open.lang, meta: open.meta, body: open.body.join('\n') });
      open = undefined;
      return;
    }
    open.body.push(raw.slice(Math.min(open.indent, raw.length - raw.trimStart().length)));
  });
  if (open) throw new Error(`${file}:${open.line}: a fence that never closes`);
  return found;
}

/** Every fence of every doc page. */
export const allFences = (): Fence[] => docFiles().flatMap((file) => fencesOf(file, readDoc(file)));

/**
 * Languages whose blocks are commands or code a reader runs: each such block is `runnable` (run by test/docs)
 * or `static` (with a reason in its page).
 */
export const CODE_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'ts', 'typescript', 'js', 'javascript']);
