import { useEffect } from 'preact/hooks';

/**
 * The tab's title names the page, most specific first, as Strapi's admin does:
 * "Beautiful mountains of Norway · Article · Studio", "Article · Studio", "Git · Studio".
 *
 * @example
 * usePageTitle('New Article', 'Article');
 */
export function usePageTitle(...parts) {
  const title = [...parts.filter(Boolean), 'Studio'].join(' · ');
  useEffect(() => { document.title = title; }, [title]);
}
