/**
 * fest-outdoor-guest service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::fest-outdoor-guest.fest-outdoor-guest');
