/**
 * pricing-rule router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::pricing-rule.pricing-rule');
