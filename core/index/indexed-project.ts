import type { ContentIndex } from './content-index.js';

/** What project-wide tools (validate, fmt) need: where the files are and their index, not the whole CMS. */
export interface IndexedProject {
  root: string;
  index: ContentIndex;
}
