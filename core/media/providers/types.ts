/** What a provider call names: a stored file or one of its formats (Strapi's file object as providers get it). */
export interface ProviderFile {
  hash: string;
  ext: string;
  mime: string;
  /** The folder path Strapi gives providers (null for every upload made here). */
  path?: string | null;
  /** The URL the provider answered when the file was stored. */
  url?: string;
}

/**
 * An upload provider, Strapi's contract over files on disk: the upload plugin hands it each binary (the file,
 * then every format) and keeps the URL it answers.
 */
export interface UploadProvider {
  /** Strapi's name, stored as the entry's `provider` (`local`, `aws-s3`). */
  readonly name: string;
  /** The repository path of a stored binary when the provider keeps binaries in the site's tree (the local one), else undefined. */
  gitPath(file: ProviderFile): string | undefined;
  /** Store the bytes of `from` (a temp file the provider may move away) and answer the file's URL. */
  upload(file: ProviderFile, from: string): Promise<string>;
  /** Copy a stored binary's bytes into the local file `to` (for `cms media move`). */
  download(file: ProviderFile, to: string): Promise<void>;
  /** Remove a stored binary; a missing one is fine. */
  remove(file: ProviderFile): Promise<void>;
  /** Strapi's `isPrivate()`: answers carry signed URLs. */
  isPrivate(): boolean;
  /** Strapi's `getSignedUrl(file)`: a URL that reads the object for a while (or the URL as it is when it is not the bucket's). */
  signedUrl(file: ProviderFile & { url: string }): Promise<string>;
}
