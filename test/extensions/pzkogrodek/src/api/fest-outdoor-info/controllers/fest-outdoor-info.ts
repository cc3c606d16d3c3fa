/**
 * fest-outdoor-info controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::fest-outdoor-info.fest-outdoor-info');
