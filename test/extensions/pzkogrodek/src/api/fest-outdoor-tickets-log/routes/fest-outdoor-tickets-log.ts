/**
 * fest-outdoor-tickets-log router
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::fest-outdoor-tickets-log.fest-outdoor-tickets-log');
