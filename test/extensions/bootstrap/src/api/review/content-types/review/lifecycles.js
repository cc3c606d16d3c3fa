'use strict';

// Who wrote a review, from the request that creates it (none when bootstrap seeds one).
module.exports = {
  beforeCreate(event) {
    const ctx = strapi.requestContext.get();
    event.params.data.author = ctx?.state?.user?.username ?? 'anonymous';
    event.params.data.via = ctx ? `${ctx.request.method} ${ctx.request.url}` : 'no request';
  },
};
