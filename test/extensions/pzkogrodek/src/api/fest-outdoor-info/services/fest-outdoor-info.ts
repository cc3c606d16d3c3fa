/**
 * fest-outdoor-info service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::fest-outdoor-info.fest-outdoor-info');
