import { afterAll } from 'vitest';
import { removeTempFolders } from './temp-folders.js';

// A setup file (vitest.config.ts): it runs before every test file, also when files share one module graph, so each file's temp
// folders go when that file ends.
afterAll(removeTempFolders);
