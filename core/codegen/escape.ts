/**
 * Schema-provided text (display names, uids, file paths) as generated code may hold it. A schema
 * is project input: a `displayName` of `*\/ export const x = 1; /*` must stay inside its comment.
 * String literals and JSON go through JSON.stringify (generators never build them by hand); these
 * cover what JSON.stringify does not: comments and Markdown.
 */

/**
 * Text safe inside a `/** … *\/` comment: `*\/` cannot close it, line breaks and control
 * characters become spaces (a comment stays on its line).
 *
 * @example
 * commentText('Evil */ export const x = 1; /*') // 'Evil *\/ export const x = 1; /*'
 */
export const commentText = (text: string): string => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').replace(/\*\//g, '*\\/');

/**
 * Text safe inside an OpenAPI `description` (CommonMark, rendered by Swagger UI, Redoc…), never at
 * the start of a line: what inline Markdown or HTML could read is backslash-escaped, so a
 * `<img onerror=…>` or a `[link](javascript:…)` in a display name is shown as written.
 *
 * @example
 * markdownText('<b>Tag</b>') // '\\<b\\>Tag\\</b\\>'
 */
export const markdownText = (text: string): string => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').replace(/[\\`*_{}[\]()<>!|~&]/g, '\\$&');
