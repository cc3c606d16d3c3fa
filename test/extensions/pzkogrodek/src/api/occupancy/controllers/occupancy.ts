/**
 * occupancy controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::occupancy.occupancy');
