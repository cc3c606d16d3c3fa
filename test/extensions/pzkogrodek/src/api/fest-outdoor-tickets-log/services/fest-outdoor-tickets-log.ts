/**
 * fest-outdoor-tickets-log service
 */

import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::fest-outdoor-tickets-log.fest-outdoor-tickets-log');
