// The filter shapes of the 1M row's "filter never asked before" (bench/million-row.mjs, bench/new-filter-probe.mjs),
// as source text: million-row.mjs writes them into the child process's script.
// Each asked with value `i` (never the same value twice in a run). The warm-up uses i = -1.
export const FILTER_SHAPES = `[
  (i) => 'filters[views][$gt]=' + (200 + i) + '&filters[title][$containsi]=coffee&sort=views:desc',
  (i) => 'filters[readingTime][$lt]=' + (0.05 + (i * 0.37) % 20).toFixed(3) + '&sort=views:desc',
  (i) => 'filters[slug][$eq]=article-' + ((7919 * (i + 2)) % 900000) + '&sort=views:desc',
  (i) => 'filters[views][$eq]=' + ((i + 1) * 13 % 1000) + '&sort=title:asc',
  (i) => 'filters[readingTime][$gte]=' + (19.9 - (i * 0.13) % 19).toFixed(3) + '&filters[views][$lt]=' + (997 - i) + '&sort=views:desc',
  (i) => 'filters[publishDate][$lt]=' + new Date(Date.UTC(2024, 11, 1) + (i + 2) * 864e5).toISOString().slice(0, 10) + '&sort=title:asc',
]`;
