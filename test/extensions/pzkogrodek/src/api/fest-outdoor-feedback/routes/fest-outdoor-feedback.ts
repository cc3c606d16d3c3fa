/**
 * fest-outdoor-feedback router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::fest-outdoor-feedback.fest-outdoor-feedback');
