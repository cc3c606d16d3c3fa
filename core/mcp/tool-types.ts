import type { z } from 'zod';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import type { ResultBudget } from './bounded-json.js';

/** A content block of a tool's answer (text is all the derived tools use; a project tool may answer any MCP block). */
export type ContentBlock = { type: string; text?: string; [key: string]: unknown };

/** What a tool answers: Strapi's `{ content, structuredContent?, isError? }`. */
export interface ToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** Strapi's permission check as a tool sees it: `can('plugin::content-manager.explorer.read', 'api::article.article')`. */
export interface McpAbility {
  can(action: string, subject?: string, field?: string): boolean;
}

/** What a tool's schemas and handler are resolved with, per request: the credential's ability, and ours. */
export interface McpToolContext {
  userAbility: McpAbility;
  user: { id: number | string; name?: string };
  /** The credential as this CMS's core knows it (the caller every REST route would act as). */
  caller: Caller;
  /** The site the request answers: the base, or in branch mode the credential's change request. */
  cms: Cms;
  /** The `/mcp` request: the project's route policies see it as REST routes see theirs. */
  request: Request;
  url: URL;
}

/** Strapi's handler: `({ args, extra }) => result`. */
export type ToolHandler = (input: { args?: Record<string, unknown>; extra?: Record<string, unknown> }) => Promise<ToolResult>;

/**
 * A tool as Strapi 5.54 defines one (`strapi.ai.mcp.registerTool`): name, title, description, who may see it (`auth`
 * policies, any one of which suffices; `devModeOnly` tools are not served here), schemas resolved per request, and the
 * handler made per request.
 */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  devModeOnly?: boolean;
  auth?: { policies: Array<{ action: string; subject?: string }> };
  resolveInputSchema?: (context: McpToolContext) => z.ZodType | undefined;
  resolveOutputSchema?: (context: McpToolContext) => z.ZodType | undefined;
  createHandler: (strapi: unknown, context: McpToolContext) => ToolHandler;
  telemetry?: unknown;
  /** Runs on the site the request reached even in branch mode (the change request tools themselves). */
  onBase?: boolean;
}

/** The dual answer Strapi's tools give: the JSON as text, and as structured content. */
export const ok = (structuredContent: Record<string, unknown>): ToolResult =>
  ({ content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent });

/** `ok`, its text written within `budget` (mcp.maxResultChars): a result that would pass it is refused before it is whole. */
export const okWithin = (structuredContent: Record<string, unknown>, budget: ResultBudget): ToolResult =>
  ({ content: [{ type: 'text', text: budget.json(structuredContent) }], structuredContent });
