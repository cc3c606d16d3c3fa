import { resolve } from 'node:path';
import type { Command } from 'commander';
import { jsonText } from '../../core/codegen/models.js';
import { openApiDocument } from '../../core/codegen/openapi.js';
import { printSchema } from 'graphql';
import { siteSchema } from '../../core/graphql/graphql-face.js';
import { loadSchemaProject } from '../../core/codegen/project-schemas.js';
import { typeDeclarations } from '../../core/codegen/ts-types.js';
import {
  DEFAULT_JSON_SCHEMA_DIR, DEFAULT_TYPES_FILE, setupEditor, writeIfChanged, writeJsonSchemas,
} from '../../core/codegen/write-outputs.js';
import type { CliContext } from '../context.js';

const rootOf = (ctx: CliContext, root: string | undefined) => resolve(ctx.cwd, root ?? ctx.env.CMS_ROOT ?? '.');
const summary = (written: string[], removed: string[], unchanged: number) =>
  `${written.length} written, ${unchanged} unchanged${removed.length ? `, ${removed.length} removed` : ''}`;

/**
 * `cms types`, `cms json-schema`, `cms editor-setup`, `cms openapi`, `cms graphql-schema`: the schemas drive the library's types,
 * editors and clients.
 */
export function registerCodegen(program: Command, ctx: CliContext): void {
  program
    .command('types')
    .description('write TypeScript declarations for the content types: cms.documents() is then typed end to end')
    .option('--root <dir>', 'project root')
    .option('--out <file>', 'declarations file (relative to the project root)', DEFAULT_TYPES_FILE)
    .action(async (options: { root?: string; out: string }) => {
      const project = await loadSchemaProject(rootOf(ctx, options.root));
      const out = resolve(project.root, options.out);
      ctx.stderr.write(`${out} ${(await writeIfChanged(out, typeDeclarations(project.models))) ? 'written' : 'unchanged'}\n`);
    });

  program
    .command('json-schema')
    .description('write a JSON Schema (2020-12) per content type for its content files as stored')
    .option('--root <dir>', 'project root')
    .option('--out <dir>', 'output folder (relative to the project root)', DEFAULT_JSON_SCHEMA_DIR)
    .action(async (options: { root?: string; out: string }) => {
      const project = await loadSchemaProject(rootOf(ctx, options.root));
      const out = resolve(project.root, options.out);
      const result = await writeJsonSchemas(project.models, out);
      ctx.stderr.write(`JSON Schemas in ${out}: ${summary(result.written, result.removed, result.unchanged)}\n`);
    });

  program
    .command('editor-setup')
    .description('write the JSON Schemas and wire them into .vscode/settings.json (json.schemas, yaml.schemas)')
    .option('--root <dir>', 'project root')
    .option('--out <dir>', 'schema folder inside the project', DEFAULT_JSON_SCHEMA_DIR)
    .action(async (options: { root?: string; out: string }) => {
      const project = await loadSchemaProject(rootOf(ctx, options.root));
      const result = await setupEditor(project.root, project.models, options.out);
      ctx.stderr.write(`JSON Schemas in ${options.out}: ${summary(result.written, result.removed, result.unchanged)}; `
        + `.vscode/settings.json ${result.settingsChanged ? 'updated' : 'unchanged'}\n`);
    });

  program
    .command('openapi')
    .description('print (or write) the OpenAPI 3.1 document of every route the server answers; also GET /openapi.json')
    .option('--root <dir>', 'project root')
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { root?: string; out?: string }) => {
      const project = await loadSchemaProject(rootOf(ctx, options.root));
      const text = jsonText(openApiDocument(project.models, project.config));
      if (!options.out) { ctx.stdout.write(text); return; }
      const out = resolve(ctx.cwd, options.out);
      ctx.stderr.write(`${out} ${(await writeIfChanged(out, text)) ? 'written' : 'unchanged'}\n`);
    });

  program
    .command('graphql-schema')
    .description('print (or write) the GraphQL schema (SDL) /graphql answers, as Strapi\'s GraphQL plugin generates it (codegen offline)')
    .option('--root <dir>', 'project root')
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { root?: string; out?: string }) => {
      const project = await loadSchemaProject(rootOf(ctx, options.root));
      const text = `${printSchema(siteSchema(project.models, { ...project.config.graphql, locales: project.config.locales }))}\n`;
      if (!options.out) { ctx.stdout.write(text); return; }
      const out = resolve(ctx.cwd, options.out);
      ctx.stderr.write(`${out} ${(await writeIfChanged(out, text)) ? 'written' : 'unchanged'}\n`);
    });
}
