/**
 * fest-outdoor-tickets-log controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::fest-outdoor-tickets-log.fest-outdoor-tickets-log');
