import { OWN_PACKAGE } from '../core/package-root.js';

/** The package version, from this package's package.json (found from its root: the same from the sources, tsc's dist/ or the bundle). */
export const VERSION = OWN_PACKAGE.manifest.version;
