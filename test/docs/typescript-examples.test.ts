import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../cli/built-cli.js';
import { REPO_ROOT } from '../helpers/project.js';
import { allFences } from './doc-files.js';
import { consumerProject, removeConsumerProject } from './run-example.js';

// The docs' TypeScript examples also compile under --strict, as a project depending on gitcms compiles them: `import … from 'gitcms'`
// resolves to this package's declarations, `./cms-types.js` is what `cms types` writes for the sample site and `./schema.js` what
// openapi-typescript makes of `cms openapi` (the two files the examples name). examples.test.ts runs them.
const examples = allFences().filter((fence) => fence.lang === 'ts' && fence.meta.includes('runnable'));
let dir = '';
let diagnostics: string[] = [];

beforeAll(() => {
  ensureBuilt();
  // A project depending on gitcms (node_modules/gitcms links to this package): the name resolves through the package's `exports`.
  dir = consumerProject();
  execFileSync(process.execPath, [BIN, 'types', '--root', REPO_ROOT, '--out', join(dir, 'cms-types.d.ts')], { stdio: 'pipe' });
  execFileSync(process.execPath, [BIN, 'openapi', '--root', REPO_ROOT, '--out', join(dir, 'openapi.json')], { stdio: 'pipe' });
  execFileSync(join(REPO_ROOT, 'node_modules/.bin/openapi-typescript'), ['openapi.json', '-o', 'schema.d.ts'], { cwd: dir, stdio: 'pipe' });
  const files = examples.map((fence, index) => {
    const file = join(dir, `example-${index}.ts`);
    writeFileSync(file, `// ${fence.file}:${fence.line}\n${fence.body}\n`);
    return file;
  });
  const program = ts.createProgram([...files, join(dir, 'cms-types.d.ts')], {
    strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ['node'],
  });
  diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.slice(dir.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}, 180_000);

afterAll(() => { if (dir) removeConsumerProject(dir); });

describe('TypeScript examples of the docs', () => {
  it('are found', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  it('compile under --strict with the sample site\'s generated types', () => {
    expect(diagnostics).toEqual([]);
  });
});
