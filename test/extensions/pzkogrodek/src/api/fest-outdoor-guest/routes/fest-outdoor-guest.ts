/**
 * fest-outdoor-guest router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::fest-outdoor-guest.fest-outdoor-guest');
