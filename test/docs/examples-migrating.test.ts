import { EXAMPLE_FILES, runExamplesOf } from './example-files.js';

// vitest: processes (a cms serve, the CLI and npx per block, all stopped in its afterAll)
// The runnable blocks of the pages EXAMPLE_FILES gives this file, run as printed (docs/contributing.md).
runExamplesOf(EXAMPLE_FILES['test/docs/examples-migrating.test.ts']);
