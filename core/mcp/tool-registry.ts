import type { Cms } from '../cms.js';
import type { McpToolDefinition } from './tool-types.js';

/** The tools a project's `register()` added (`strapi.ai.mcp.registerTool`), per loaded site. */
const registries = new WeakMap<Cms, { tools: Map<string, McpToolDefinition>; started: boolean; strapi?: unknown }>();

/** The registry of `cms`, or of the base a branch view was made from (a view's prototype chain leads to it). */
function registryOf(cms: Cms, create: boolean) {
  for (let site: object | null = cms; site; site = Object.getPrototypeOf(site)) {
    const held = registries.get(site as Cms);
    if (held) return held;
  }
  if (!create) return undefined;
  const made: { tools: Map<string, McpToolDefinition>; started: boolean; strapi?: unknown } = { tools: new Map(), started: false };
  registries.set(cms, made);
  return made;
}

/**
 * `strapi.ai.mcp` for a project's code: `registerTool(definition)` (in `register()` or `bootstrap()`, before `/mcp` has
 * answered), `defineTool` (the definition, unchanged), `isEnabled()`.
 *
 * @example
 * strapi.ai.mcp.registerTool({ name: 'greet', auth: { policies: [{ action: 'plugin::content-manager.explorer.read' }] }, … })
 */
export function mcpApi(cms: Cms, strapi: unknown) {
  registryOf(cms, true)!.strapi = strapi;
  return {
    isEnabled: () => cms.config.mcp.enabled,
    isRunning: () => registryOf(cms, false)?.started === true,
    defineTool: (definition: McpToolDefinition) => definition,
    registerTool(definition: McpToolDefinition) {
      const registry = registryOf(cms, true)!;
      if (registry.started) throw new Error('[MCP] Cannot register tools after the MCP server has started.');
      if (!definition || typeof definition.name !== 'string' || typeof definition.createHandler !== 'function') {
        throw new Error('[MCP] A tool needs a name and a createHandler function');
      }
      if (registry.tools.has(definition.name)) {
        throw new Error(`[MCP] Tool with name "${definition.name}" is already registered. Names must be unique.`);
      }
      registry.tools.set(definition.name, definition);
    },
  };
}

/** The project's tools and the `strapi` their handlers get; from now on no more tools (the server has started answering). */
export function projectTools(cms: Cms): { tools: McpToolDefinition[]; strapi: unknown } {
  const registry = registryOf(cms, true)!;
  registry.started = true;
  return { tools: [...registry.tools.values()], strapi: registry.strapi };
}
