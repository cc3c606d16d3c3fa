import { listen, type Listener } from 'listhen';
import { toNodeHandler } from 'h3';
import type { Cms } from '../cms.js';
import { createApp } from './app.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** Print listhen's URL banner (off under tests). */
  showURL?: boolean;
}

/** Serve a CMS over HTTP with listhen. Resolves once listening; `close()` stops it. */
export async function serve(cms: Cms, options: ServeOptions = {}): Promise<Listener> {
  const app = createApp(cms);
  return listen(toNodeHandler(app), {
    port: options.port ?? cms.config.server.port,
    hostname: options.host ?? cms.config.server.host,
    showURL: options.showURL ?? true,
    // A busy port is an error, not a silent move to another one: clients are told 1337.
    isProd: true,
    qr: false,
    public: options.host !== undefined && !['localhost', '127.0.0.1', '::1'].includes(options.host),
  });
}
