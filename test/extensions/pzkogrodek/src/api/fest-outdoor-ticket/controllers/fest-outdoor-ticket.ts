/**
 * fest-outdoor-ticket controller
 */

import { factories } from '@strapi/strapi'

export default factories.createCoreController('api::fest-outdoor-ticket.fest-outdoor-ticket');
