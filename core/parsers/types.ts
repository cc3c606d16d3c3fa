/** A content-file format: turns file text into fields and back. */
export interface ParsedFile {
  /** The document's fields as written in the file. */
  data: unknown;
  /** Markdown only: the text after the front matter. */
  body: string | undefined;
}

export interface Parser {
  name: string;
  extensions: string[];
  parse(text: string, file: string): ParsedFile;
  stringify(data: Record<string, unknown>, body?: string): string;
}
