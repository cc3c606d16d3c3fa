'use strict';

module.exports = {
  validator: () => {},
  handler: (policyContext) => policyContext.request.body?.data?.text !== 'blocked',
};
