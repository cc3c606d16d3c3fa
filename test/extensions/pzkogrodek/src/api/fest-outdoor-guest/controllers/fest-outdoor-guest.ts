/**
 * fest-outdoor-guest controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::fest-outdoor-guest.fest-outdoor-guest');
