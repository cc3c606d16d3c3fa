import { McpServer } from '@modelcontextprotocol/server';
import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import { abilityOf, publishGrant } from './ability.js';
import { ResultBudget } from './bounded-json.js';
import { branchTools, siteForCall } from './branch-tools.js';
import { deriveContentTools, type DerivedTool } from './content-tools.js';
import { logTool } from './log-tool.js';
import { projectTools } from './tool-registry.js';
import { WritesUnderWay } from './writes-under-way.js';
import type { McpToolContext, McpToolDefinition, ToolResult } from './tool-types.js';

/** The answer for a tool that failed, in Strapi's words: its name and the error's message, never a stack. */
const failed = (name: string, error: unknown): ToolResult =>
  ({ content: [{ type: 'text', text: `Tool "${name}" execution failed: ${(error as Error)?.message ?? String(error)}` }], isError: true });

/**
 * A result past `mcp.maxResultChars` is refused whole (a cut JSON document would mislead an agent). The content tools
 * count their answer as they build it (content-handlers.ts); a project's tool built its own, measured here only as far as
 * the limit.
 */
function bounded(result: ToolResult, limit: number): ToolResult {
  new ResultBudget(limit).json(result.structuredContent ?? result.content);
  return result;
}

/**
 * Whether the credential may see a tool: a derived tool by its REST actions; for a type the project's routes own, by
 * the router (the action's route exists) and the route's auth only. Its policies and middlewares run when the tool is
 * called, never to list tools (they may count, or shape a body there is none of).
 */
function allowed(definition: McpToolDefinition, context: McpToolContext): boolean {
  if (definition.devModeOnly === true) return false;
  const derived = definition as Partial<DerivedTool>;
  if (derived.restActions && derived.uid) {
    const model = context.cms.models.get(derived.uid)!;
    if (!context.cms.routeGate?.owns(model)) {
      const grants = derived.publishes ? [publishGrant(context.caller)] : derived.restActions;
      return grants.some((grant) => context.caller.can(model, grant));
    }
    const gate = context.cms.routeGate;
    return derived.restActions.some((action) => gate.admits({ model, action, request: context.request }));
  }
  return definition.auth?.policies.some(({ action, subject }) => context.userAbility.can(action, subject)) ?? false;
}

/** A tool call as every `/mcp` call runs: on the site the mode picks, its errors and size answered as tool errors. */
function handlerFor(definition: McpToolDefinition, context: McpToolContext, strapi: unknown, underWay: WritesUnderWay) {
  const derived = (definition as Partial<DerivedTool>).restActions !== undefined;
  const writes = (definition as Partial<DerivedTool>).restActions?.some((action) => !['find', 'findOne'].includes(action)) ?? true;
  return async (args: Record<string, unknown> | undefined, extra: Record<string, unknown>): Promise<ToolResult> => {
    try {
      const run = (site: Cms) => definition.createHandler(strapi, { ...context, cms: site })({ args, extra });
      const call = () => (definition.onBase ? run(context.cms) : siteForCall(context, writes, run));
      // a write is counted from its start, so a request past its time limit waits for it rather than answer a failure
      const result = writes ? await underWay.run(call) : await call();
      return derived ? result : bounded(result, context.cms.config.mcp.maxResultChars);
    } catch (error) {
      return failed(definition.name, error);
    }
  };
}

/**
 * The tool a request's body calls (`tools/call`, one JSON-RPC request, not a batch), whose name a tool has; else
 * undefined. Only that tool need be registered to answer it: the SDK finds the called tool by its name among those
 * registered and answers from it alone (disabled: its error, as with every tool registered), where registering them all
 * (each one's schemas walked by the SDK) was most of an MCP call's cost.
 */
export function calledTool(body: unknown, names: readonly string[]): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  const name = method === 'tools/call' && params !== null && typeof params === 'object' ? params.name : undefined;
  return typeof name === 'string' && names.includes(name) ? name : undefined;
}

/**
 * One request's MCP server (stateless, as Strapi makes one per request): every tool registered with its schemas for this
 * credential, the ones it may not use disabled (so neither listed nor callable), as Strapi's session sync leaves them;
 * for a `tools/call` of a known tool (`calledTool` of the request's `body`), that tool alone.
 * `underWay` counts the writing calls the request starts (see mcp-route.ts).
 */
export async function createMcpServer(
  cms: Cms, caller: Caller, request: Request, url: URL, underWay = new WritesUnderWay(), body?: unknown,
): Promise<McpServer> {
  const context: McpToolContext = {
    userAbility: abilityOf(caller, cms.models), user: { id: caller.userId ?? caller.name ?? 'token', name: caller.name },
    caller, cms, request, url,
  };
  const project = projectTools(cms);
  const strapi = project.strapi;
  const every: McpToolDefinition[] = [
    logTool, ...deriveContentTools(cms.models), ...(cms.config.mcp.branch ? branchTools() : []), ...project.tools,
  ];
  const names = every.map((definition) => definition.name);
  // Two tools of one name fail every request as the SDK refuses the second (as Strapi's does): all are registered then.
  const called = new Set(names).size === names.length ? calledTool(body, names) : undefined;
  const definitions = called === undefined ? every : every.filter((definition) => definition.name === called);
  // A project's tool whose schemas or auth throw fails every request, as when all are registered: they are asked anyway.
  if (called !== undefined) {
    for (const definition of project.tools) {
      if (definition.name === called) continue;
      definition.resolveInputSchema?.(context);
      definition.resolveOutputSchema?.(context);
      allowed(definition, context);
    }
  }
  const server = new McpServer({ name: 'strapi-mcp-server', version: '1.0.0' }, { capabilities: { logging: {}, tools: {} } });
  for (const definition of definitions) {
    const inputSchema = definition.resolveInputSchema?.(context);
    const outputSchema = definition.resolveOutputSchema?.(context);
    const config = { title: definition.title, description: definition.description, inputSchema, outputSchema } as never;
    const handle = handlerFor(definition, context, strapi, underWay);
    const registered = inputSchema === undefined
      ? server.registerTool(definition.name, config, ((extra: Record<string, unknown>) => handle(undefined, extra)) as never)
      : server.registerTool(definition.name, config,
        ((args: Record<string, unknown>, extra: Record<string, unknown>) => handle(args, extra)) as never);
    if (!allowed(definition, context)) registered.disable();
  }
  return server;
}
