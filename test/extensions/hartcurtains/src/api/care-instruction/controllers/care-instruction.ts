/**
 * care-instruction controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::care-instruction.care-instruction');
