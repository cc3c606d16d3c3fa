import type { Caller } from '../access/permissions.js';
import type { Cms } from '../cms.js';
import type { GraphqlConfig } from '../config/types.js';

export type { GraphqlConfig };

/** What every resolver of one request reads: the site, the caller (the REST routes' own), the plugin's options. */
export interface GraphqlContext {
  cms: Cms;
  caller: Caller;
  config: GraphqlConfig;
  /**
   * The HTTP request, for a project's route policies judging the type (core/access/document-gate.ts), and who sent it
   * (core/http/client-address.ts), for the users-permissions rate limit.
   */
  http?: { request: Request; url: URL; client?: string };
  /**
   * The response status a resolver set, as the plugin's controllers set Koa's (`ctx.created` → 201) and Apollo keeps it
   * for the whole answer; 200 when none did.
   */
  status?: number;
}
