'use strict';

// Passes when the signed-in user is the post's author (its `author` is the username).
module.exports = async (policyContext, config, { strapi }) => {
  const user = policyContext.state.user;
  if (!user) return false;
  const post = await strapi.documents('api::post.post').findOne({ documentId: policyContext.params.id, status: 'draft' });
  return !!post && post.author === user.username;
};
