// The per-case table of docs/reference/conformance.md, from test/conformance/choices.json (the replay's own list: a case listed
// there that starts answering as Strapi fails the replay). Regenerate with `npm run docs:reference`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cell } from './markdown.mjs';

const ROOT = join(import.meta.dirname, '../../..');

/** `{ case id: { choice, differs, status } }`, as the replay reads it. */
export const readChoices = () => JSON.parse(readFileSync(join(ROOT, 'test/conformance/choices.json'), 'utf8'));

/** The Markdown table, grouped by Project choice (in the order the choices first appear), cases sorted within a choice. */
export function choicesTable() {
  const byChoice = new Map();
  for (const [id, entry] of Object.entries(readChoices())) {
    if (!byChoice.has(entry.choice)) byChoice.set(entry.choice, []);
    byChoice.get(entry.choice).push({ id, ...entry });
  }
  const lines = ['| Project choice | Recorded case | How the answer differs | Status here |', '|---|---|---|---|'];
  for (const [choice, cases] of byChoice) {
    for (const entry of cases.sort((a, b) => a.id.localeCompare(b.id))) {
      lines.push(`| ${cell(choice)} | \`${entry.id}\` | ${cell(entry.differs)} | ${entry.status} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
