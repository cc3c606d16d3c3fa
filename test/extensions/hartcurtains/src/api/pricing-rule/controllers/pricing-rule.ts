/**
 * pricing-rule controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::pricing-rule.pricing-rule');
