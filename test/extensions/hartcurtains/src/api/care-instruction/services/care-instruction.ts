/**
 * care-instruction service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::care-instruction.care-instruction');
