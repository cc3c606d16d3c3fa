/**
 * fest-outdoor-info router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::fest-outdoor-info.fest-outdoor-info');
