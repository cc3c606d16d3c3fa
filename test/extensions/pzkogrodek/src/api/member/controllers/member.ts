/**
 * member controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::member.member');
