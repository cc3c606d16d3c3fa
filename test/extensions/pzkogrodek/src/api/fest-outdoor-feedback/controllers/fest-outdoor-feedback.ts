/**
 * fest-outdoor-feedback controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::fest-outdoor-feedback.fest-outdoor-feedback');
