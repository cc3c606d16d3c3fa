import { publicCaller, trustedCaller } from './access/permissions.js';
import type { Auth } from './auth/auth.js';
import type { CmsConfig } from './config/types.js';
import type { ContentIndex } from './index/content-index.js';
import type { Model } from './schema/types.js';
import { mediaSigner } from './media/sign-entity.js';
import { ContentService } from './service/content-service.js';
import type { DocumentWriter } from './service/document-writer.js';
import { createContentApi, type ContentApi } from './strapi/content-api.js';

/** What answers a site's reads and writes over one index and writer: the base's, or a branch's view (core/branches/branch-site.ts). */
export interface SiteParts {
  service: ContentService;
  contentApi: ContentApi;
  ownerApi: ContentApi;
}

/**
 * The service and both content APIs over an index and its writer, the same for the base and every branch view.
 * `ownedElsewhere`: a type the project's own routes own is answered only by them (core/access/document-gate.ts).
 *
 * @example
 * const { service, contentApi } = siteParts({ root, index, writer, config, auth, ownedElsewhere: () => false });
 */
export function siteParts(at: {
  root: string; index: ContentIndex; writer: DocumentWriter; config: CmsConfig; auth: Auth; ownedElsewhere: (model: Model) => boolean;
}): SiteParts {
  const service = new ContentService(at.index, at.writer);
  // Only a bucket's provider can be private: a local site's answers skip the signer altogether. The providers (and the S3
  // client's glue) are imported on the first answer to sign, not by every start that reads (issue 39).
  if (at.config.upload.provider !== 'local') {
    const provider = () => import('./media/providers/index.js').then(({ uploadProvider }) => uploadProvider(at.root, at.config.upload));
    service.signMedia = mediaSigner(() => at.index.models, provider);
  }
  const contentApi = createContentApi({
    service, anonymous: publicCaller(at.config), authenticate: at.auth.authenticate, readFingerprint: at.auth.readFingerprint,
    ownedElsewhere: at.ownedElsewhere,
  });
  const ownerApi = createContentApi({ service, anonymous: trustedCaller });
  return { service, contentApi, ownerApi };
}
