import type { ExtensionRoute } from './route-context.js';
import type { ResponseCache } from './response-cache.js';

/** `createApp`'s options, in a file of their own so the server entry's declarations never load h3's. */
export interface AppOptions {
  /** Where unexpected errors are reported (never with request secrets). */
  log?: (message: string) => void;
  /** Routes beside the content API; defaults to the built-in extensions (auth, upload…). */
  extensions?: ExtensionRoute[];
  /** Where finished GET answers are kept, per read scope (shared with the Node fast path in serve.ts). */
  cache?: ResponseCache;
  /** Serve the editing studio at `admin.path`; defaults to the config's `admin.enabled` (`cms serve --no-admin` turns it off). */
  admin?: boolean;
}
