import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/project.js';
import config from '../../docs/.vitepress/config.mjs';
import { docFiles, readDoc } from './doc-files.js';

// VitePress's own heading slug (vitepress/dist/node, `slugify`): the anchors the site makes.
const slugify = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036F]/g, '').replace(/[\u0000-\u001f]/g, '')
  .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '')
  .replace(/^(\d)/, '_$1').toLowerCase();

/** The page's text outside fenced blocks, line by line, and without code spans unless asked (links inside code are not links). */
function prose(text: string, keepCode = false): string[] {
  let inFence = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) { inFence = !inFence; return ''; }
    if (inFence) return '';
    return keepCode ? line : line.replace(/``[^`]*``|`[^`]*`/g, '');
  });
}

/** Heading anchors of a page as VitePress numbers repeats (`x`, `x-1`, …). */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(readDoc(file), true)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = slugify(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count ? `${base}-${count}` : base);
  }
  return out;
}

/** Every relative link of a page: Markdown links and images, and HTML src/href. */
function links(file: string): { target: string; line: number }[] {
  return prose(readDoc(file)).flatMap((line, index) => [
    ...[...line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]),
    ...[...line.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]),
  ].filter((target) => !/^[a-z]+:/i.test(target)).map((target) => ({ target, line: index + 1 })));
}

/** Where a link lands: a file of the repository and an anchor. Site-absolute links (`/guide/x`) are pages of docs/. */
function resolveLink(file: string, target: string): { path: string; anchor: string } {
  const [pathPart, anchor = ''] = target.split('#');
  if (!pathPart) return { path: file, anchor };
  const base = pathPart.startsWith('/') ? join('docs', pathPart) : join(dirname(file), pathPart);
  let path = normalize(base);
  if (!existsSync(join(REPO_ROOT, path)) && existsSync(join(REPO_ROOT, `${path}.md`))) path = `${path}.md`;
  else if (existsSync(join(REPO_ROOT, path)) && statSync(join(REPO_ROOT, path)).isDirectory()) path = join(path, 'index.md');
  return { path, anchor };
}

const pages = docFiles();

describe('the README', () => {
  it('stays a newcomer\'s page: 250 lines at most', () => {
    expect(readDoc('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('links of the README and the docs', () => {
  it.each(pages)('%s: every relative link and anchor resolves', (file) => {
    const broken: string[] = [];
    for (const { target, line } of links(file)) {
      const { path, anchor } = resolveLink(file, target);
      if (!existsSync(join(REPO_ROOT, path))) broken.push(`${file}:${line}: ${target} (no ${path})`);
      else if (anchor && path.endsWith('.md') && !anchors(path).has(anchor)) {
        broken.push(`${file}:${line}: ${target} (no #${anchor} in ${path})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(pages.filter((file) => file.startsWith('docs/')))('%s: no bare <placeholder> in prose (VitePress would read an element)', (file) => {
    const html = /^(a|img|br|sup|sub|kbd|details|summary|p|div|span|code|pre|table|tr|td|th)$/i;
    const bare = prose(readDoc(file)).flatMap((line, index) => [...line.matchAll(/<\/?([A-Za-z][\w-]*)/g)]
      .filter((match) => !html.test(match[1])).map((match) => `${file}:${index + 1}: ${match[0]}`));
    expect(bare).toEqual([]);
  });

  it('finds links to check', () => {
    expect(pages.flatMap(links).length).toBeGreaterThan(50);
  });
});

describe('the site\'s sidebar', () => {
  const sidebar = (config.themeConfig?.sidebar ?? []) as { link?: string; items?: { link: string }[] }[];
  const linked = sidebar.flatMap((entry) => [entry.link, ...(entry.items ?? []).map((item) => item.link)])
    .filter((link): link is string => !!link);

  it('links only pages that exist', () => {
    expect(linked.filter((link) => !existsSync(join(REPO_ROOT, 'docs', `${link}.md`)))).toEqual([]);
  });

  it('lists every page of the docs (the home page aside)', () => {
    const listed = new Set(linked.map((link) => `docs${link}.md`));
    expect(pages.filter((file) => file.startsWith('docs/') && file !== 'docs/index.md' && !listed.has(file))
      .map((file) => relative(REPO_ROOT, join(REPO_ROOT, file)))).toEqual([]);
  });
});
