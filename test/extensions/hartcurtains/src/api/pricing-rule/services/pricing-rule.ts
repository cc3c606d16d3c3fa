/**
 * pricing-rule service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::pricing-rule.pricing-rule');
