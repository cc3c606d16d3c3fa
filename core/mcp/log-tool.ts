import { z } from 'zod';
import type { McpToolDefinition } from './tool-types.js';

const MAX_MESSAGE = 10 * 1024;

/** Strapi's log sanitising: at most 10 KB, no ANSI sequences or control characters, one line. */
export const sanitizeLogMessage = (message: string): string =>
  (message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...[truncated]` : message)
    // eslint-disable-next-line no-control-regex
    .replace(/\x1B\[[0-9;]*[A-Za-z]/g, '').replace(/[\x00-\x1F\x7F-\x9F]/g, '').replace(/[\r\n]+/g, ' ').trim();

/**
 * Strapi's core `log` tool (core/services/mcp/tools/log): `devModeOnly`, so registered and disabled on every server that
 * is not Strapi's `develop` (this one never is). Registering it keeps the SDK's answer to a call Strapi's: `Tool log
 * disabled`, not `Tool log not found`.
 */
export const logTool: McpToolDefinition = {
  name: 'log',
  title: 'Strapi Log',
  description: 'Logs a message to the Strapi logger with specified level',
  devModeOnly: true,
  resolveInputSchema: () => z.object({
    message: z.string().describe('Message to log'),
    level: z.enum(['info', 'http', 'warn', 'error', 'log']).default('info').describe('Log level (default: info)'),
  }),
  resolveOutputSchema: () => z.object({ status: z.string(), message: z.string(), level: z.string(), timestamp: z.string() }),
  createHandler: (_strapi, context) => async ({ args = {} }) => {
    const message = sanitizeLogMessage(String(args.message ?? ''));
    context.cms.report(`[MCP] ${message}`);
    const result = { status: 'logged', message, level: String(args.level ?? 'info'), timestamp: new Date().toISOString() };
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result };
  },
};
