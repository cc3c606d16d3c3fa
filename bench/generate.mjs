// Dataset generator: N documents over the sample schemas, written as real content files.
// Usage: node bench/generate.mjs <N> <outDir>
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');

/** Deterministic pseudo-random numbers, so every run measures the same data. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['coffee', 'pizza', 'beautiful', 'bug', 'sunset', 'mountain', 'Rome', 'Tokyo', 'code', 'garden', 'ocean', 'bread', 'night',
  'train', 'river', 'story', 'guide', 'review', 'notes', 'secret'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function generate(total, out, seed = 42) {
  const rand = random(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const id = () => LETTERS[Math.floor(rand() * 26)] + Array.from({ length: 23 }, () => ALNUM[Math.floor(rand() * 36)]).join('');
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const time = (offset) => new Date(Date.UTC(2024, 0, 1) + offset * 60_000).toISOString();

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const entry of ['schemas', 'public', 'cms.config.json']) cpSync(join(repo, entry), join(out, entry), { recursive: true });
  cpSync(join(repo, 'content/upload'), join(out, 'content/upload'), { recursive: true });
  const media = ['k4h9a2dz4n5hognvjhts7j3m', 'dylorqz16sqjb5nsoejm7ix6', 'abf3j3sf1tbbnv1eqosoza59'];
  const write = (folder, name, data) => {
    mkdirSync(join(out, 'content', folder), { recursive: true });
    writeFileSync(join(out, 'content', folder, name), `${JSON.stringify(data, null, 2)}\n`);
  };

  const categories = Array.from({ length: 20 }, (_, i) => ({ id: id(), name: `Category ${i}` }));
  categories.forEach((c, i) => write('categories', `${c.id}.json`,
    { name: c.name, slug: `category-${i}`, description: words(8), createdAt: time(i), updatedAt: time(i), publishedAt: time(i) }));
  const tags = Array.from({ length: 50 }, (_, i) => ({ id: id(), name: `Tag ${i}` }));
  tags.forEach((t, i) => write('tags', `${t.id}.json`, {
    name: t.name, slug: `tag-${i}`, color: pick(['red', 'green', 'blue', 'yellow']),
    createdAt: time(i), updatedAt: time(i), publishedAt: time(i),
  }));
  const authorCount = Math.max(5, Math.floor(total / 20));
  const authors = Array.from({ length: authorCount }, () => id());
  authors.forEach((a, i) => write('authors', `${a}.json`, {
    name: `Author ${i} ${pick(WORDS)}`, avatar: pick(media), email: `author${i}@example.org`, bio: words(30), website: null,
    secretNote: 'hidden', createdAt: time(i), updatedAt: time(i), publishedAt: time(i),
  }));

  let files = 20 + 50 + authorCount;
  const articles = total - files;
  for (let i = 0; i < articles; i++) {
    const documentId = id();
    const title = `${words(3)} ${i}`;
    const base = {
      title, description: words(6).slice(0, 80), slug: `article-${i}`, cover: pick(media),
      author: rand() < 0.95 ? pick(authors) : null, category: rand() < 0.9 ? pick(categories).id : null,
      tags: Array.from(new Set(Array.from({ length: Math.floor(rand() * 4) }, () => pick(tags).id))),
      body: [{ type: 'paragraph', children: [{ type: 'text', text: words(20) }] }],
      blocks: [
        { __component: 'shared.quote', title: words(2), body: words(12) },
        { __component: 'shared.rich-text', body: `## ${words(3)}\n\n${words(40)}` },
        ...(rand() < 0.3 ? [{ __component: 'shared.media', file: pick(media) }] : []),
      ],
      seo: { metaTitle: title.slice(0, 60), metaDescription: words(10),
        metaSocial: [{ socialNetwork: 'Twitter', title: words(3), description: words(5).slice(0, 65) }] },
      views: Math.floor(rand() * 1000), featured: rand() < 0.1,
      publishDate: `2025-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-15`, readingTime: Math.round(rand() * 200) / 10,
    };
    const stamps = { createdAt: time(1000 + i), updatedAt: time(1000 + i), publishedAt: time(1000 + i) };
    const roll = rand();
    if (roll < 0.08) {
      write('articles', `${documentId}.draft.json`, { ...base, createdAt: stamps.createdAt, updatedAt: stamps.updatedAt });
      files++;
      continue;
    }
    write('articles', `${documentId}.json`, { ...base, ...stamps });
    files++;
    if (roll > 0.8) {
      const { views, featured, publishDate, readingTime, ...localized } = base;
      write('articles', `${documentId}.fr.json`, { ...localized, title: `FR ${title}`, ...stamps });
      files++;
    }
  }
  return files;
}

/**
 * Make a generated site a Git checkout with one commit (once), as a deployed site is: a restart then
 * reads Git's view. Timestamps from history stay off (the default): every generated file carries its
 * own, and `git log` over a million paths would be timed as indexing. Git's automatic gc is off in it.
 */
export function commitSite(dir) {
  const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.org', ...args],
    { cwd: dir, stdio: 'ignore' });
  const configPath = join(dir, 'cms.config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const historyOff = config.git?.timestampsFromHistory !== true;
  if (!historyOff) {
    writeFileSync(configPath, `${JSON.stringify({ ...config, git: { ...config.git, timestampsFromHistory: false } }, null, 2)}\n`);
  }
  if (existsSync(join(dir, '.git'))) {
    git('config', 'gc.auto', '0');
    if (!historyOff) git('commit', '-qm', 'timestamps from the files', '--', 'cms.config.json');
    return;
  }
  writeFileSync(join(dir, '.gitignore'), '.cms/\n');
  git('init', '-q');
  // No `git gc --auto` after the commit: at 1M it packs in the background for minutes, under the very figures measured next.
  git('config', 'gc.auto', '0');
  git('add', '-A');
  git('commit', '-qm', 'generated site');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const total = Number(process.argv[2] ?? 1000);
  const out = resolve(process.argv[3] ?? `/tmp/cms-bench-${total}`);
  const files = generate(total, out);
  console.log(`wrote ${files} content files into ${out}`);
}

/** The site of `n` documents under `dataRoot` (`cms-bench-<n>`), generated when missing, committed. */
export function benchSite(dataRoot, n) {
  const dir = join(dataRoot, `cms-bench-${n}`);
  try { statSync(join(dir, 'content/articles')); } catch { console.error(`generating ${n} documents…`); generate(n, dir); }
  commitSite(dir);
  return dir;
}
