"use strict";

/**
 * `denyAccess` policy
 */

module.exports = (policyContext, config, { strapi }) => {
  return false;
};
