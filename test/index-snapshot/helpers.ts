import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished, vi } from 'vitest';
import { createCms, type Cms } from '../../core/cms.js';
import { loadReport } from '../../core/index/load.js';
import { RACY_MARGIN_MS } from '../../core/index/snapshot/file-stamp.js';
import { SNAPSHOT_FILE } from '../../core/index/snapshot/snapshot-format.js';
import { ARTICLES as A } from '../contract/sample-site.js';

/** A start of `root`, with or without the snapshot, once its snapshot (if any) is on disk. */
export async function start(
  root: string, indexSnapshot = true,
): Promise<{ cms: Cms } & Pick<NonNullable<ReturnType<typeof loadReport>>, 'stats' | 'phases'>> {
  const cms = await createCms({ root, indexSnapshot, report: () => {} });
  const report = loadReport(cms.index)!;
  await report.snapshotWritten;
  return { cms, stats: report.stats, phases: report.phases };
}

/** Reads that cover every kind of field: lists, populate (2 levels, components, zones, media), filters, locales, drafts. */
export const READS: [string, string][] = [
  ['/articles', ''],
  ['/articles', 'populate=*'],
  ['/articles', 'filters[title][$containsi]=coffee&sort=title:desc&pagination[pageSize]=2&pagination[page]=1'],
  [`/articles/${A.pizza}`, 'populate[author][populate][0]=avatar&populate[blocks][populate]=*&populate[seo][populate]=*'],
  ['/articles', 'locale=fr&populate[localizations]=true'],
  ['/articles', 'status=draft&sort=updatedAt:desc'],
  ['/tags', 'populate=*'],
  ['/authors', 'populate[articles][fields][0]=title'],
];

/** Every read's answer as the bytes HTTP would send. */
export async function answers(cms: Cms): Promise<string[]> {
  const out: string[] = [];
  for (const [path, search] of READS) out.push(JSON.stringify((await cms.ownerApi({ method: 'GET', path, search })).body));
  return out;
}

export const snapshotPath = (root: string) => join(root, SNAPSHOT_FILE);

/** Rewrite a file with new text of the same size, then put its mtime back: only ctime (and the text) tell. */
export function rewriteKeepingSizeAndMtime(path: string, from: string, to: string): void {
  const before = statSync(path);
  const text = readFileSync(path, 'utf8');
  if (from.length !== to.length || !text.includes(from)) throw new Error('test setup: same-length replacement expected');
  writeFileSync(path, text.replace(from, to));
  utimesSync(path, before.atime, before.mtime);
}

/**
 * Every file stamped so far counts as older than the racy margin: for the rest of the test the clock the loads read
 * (`Date.now`) runs the margin and 100 ms ahead of the file system's, as if that long had passed since the files were
 * written. What waiting the margin out proved (the loads see old stamps), without the 2 s wait.
 */
export function pastRacyMargin(): void {
  const fileSystemNow = Date.now;
  const clock = vi.spyOn(Date, 'now').mockImplementation(() => fileSystemNow() + RACY_MARGIN_MS + 100);
  onTestFinished(() => clock.mockRestore());
}
