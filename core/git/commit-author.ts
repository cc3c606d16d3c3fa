/**
 * A token or user name as a git author name: anything in angle brackets goes (a username
 * `ann <boss@example.com>` must not author commits as boss@example.com), then stray brackets and
 * control characters; whitespace collapses; at most 100 characters; `cms` when nothing is left.
 *
 * @example
 * authorName('ann <boss@example.com>') // 'ann'
 */
export function authorName(name: string): string {
  const clean = name.replace(/<[^>]*(>|$)/g, ' ').replace(/[<>]/g, '').replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim()
    .slice(0, 100).trim();
  return clean || 'cms';
}

/** A name as the local part of a made-up address (`Ann Lee` → `ann-lee@cms.local`): git wants an email, tokens have none. */
export function authorEmail(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'cms'}@cms.local`;
}

/**
 * The author of a commit made from the studio: a users-permissions account's username and email,
 * or a token's name (with a made-up address).
 *
 * @example
 * commitAuthor('editor', 'editor@example.com') // { name: 'editor', email: 'editor@example.com' }
 * commitAuthor('studio token')                 // { name: 'studio token', email: 'studio-token@cms.local' }
 */
export function commitAuthor(name: string | undefined, email?: string): { name: string; email: string } {
  const clean = authorName(name ?? 'cms');
  return { name: clean, email: email && /^[^\s<>@]+@[^\s<>@]+$/.test(email) ? email : authorEmail(clean) };
}
