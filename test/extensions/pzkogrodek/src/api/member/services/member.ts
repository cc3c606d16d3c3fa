/**
 * member service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::member.member');
