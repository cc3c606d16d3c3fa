// docs/reference/cli.md from the real commander program (dist/cli/program.js): every command, argument and option, so the page
// cannot drift from the CLI. Regenerate with `npm run docs:reference`; test/docs/reference.test.ts fails while it is stale.
import { createContext } from '../../../dist/cli/context.js';
import { createProgram } from '../../../dist/cli/program.js';
import { cell } from './markdown.mjs';

const code = (text) => '`' + text + '`';

/** The help a command prints after its options (examples, query options), as `cms <command> --help` shows it. */
function extraHelp(command) {
  let printed = '';
  command.configureOutput({ writeOut: (text) => { printed += text; }, writeErr: () => {} });
  command.configureHelp({ helpWidth: 120 });
  command.outputHelp();
  const base = command.helpInformation();
  return printed.startsWith(base) ? printed.slice(base.length).trim() : '';
}

function section(command, path) {
  const name = path.join(' ');
  const lines = [`## ${name}`, '', cell(command.description()), '', '```text', `${name} ${command.usage()}`.trim(), '```', ''];
  const args = command.registeredArguments ?? [];
  if (args.length) {
    lines.push('| Argument | |', '|---|---|');
    for (const arg of args) lines.push(`| ${code(arg.required ? `<${arg.name()}${arg.variadic ? '...' : ''}>` : `[${arg.name()}${arg.variadic ? '...' : ''}]`)} | ${cell(arg.description)} |`);
    lines.push('');
  }
  const options = command.options.filter((option) => !option.hidden);
  if (options.length) {
    lines.push('| Option | | Default |', '|---|---|---|');
    for (const option of options) {
      const fallback = option.defaultValue === undefined || option.negate ? '' : code(JSON.stringify(option.defaultValue));
      lines.push(`| ${code(option.flags)} | ${cell(option.description)}${option.mandatory ? ' (required)' : ''} | ${fallback} |`);
    }
    lines.push('');
  }
  const extra = extraHelp(command);
  if (extra) lines.push('```text', extra, '```', '');
  return lines.join('\n');
}

function walk(command, path, out) {
  for (const sub of command.commands) {
    if (sub.name() === 'help') continue;
    const subPath = [...path, sub.name()];
    if (sub.commands.length) {
      out.push(`## ${subPath.join(' ')}`, '', cell(sub.description()), '', `Subcommands: ${sub.commands.map((c) => code(`${subPath.join(' ')} ${c.name()}`)).join(', ')}.`, '');
      walk(sub, subPath, out);
    } else out.push(section(sub, subPath));
  }
}

/** The page's Markdown. */
export async function cliReference() {
  const sink = { write: () => true };
  const ctx = createContext({ stdout: sink, stderr: sink, cwd: process.cwd(), env: {} });
  const program = await createProgram(ctx, () => '', () => {});
  const out = [
    '# CLI reference',
    '',
    '<!-- Generated from the commander program by docs/.vitepress/reference/cli.mjs (npm run docs:reference): do not edit. -->',
    '',
    `${program.description()}. Every command below prints the same with \`--help\`; how the CLI behaves (\`--json\`, exit codes,`,
    'scripts) is in [using the CLI](../guide/cli.md). Run it as `npx cms …` in a project that depends on gitcms',
    '(see [getting started](../guide/getting-started.md#running-cms)).',
    '',
  ];
  walk(program, ['cms'], out);
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
