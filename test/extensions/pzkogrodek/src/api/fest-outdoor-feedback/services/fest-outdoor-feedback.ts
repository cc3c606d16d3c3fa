/**
 * fest-outdoor-feedback service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::fest-outdoor-feedback.fest-outdoor-feedback');
