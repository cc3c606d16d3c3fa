import { defineServer } from 'gitcms';

const slugify = (text: string) => text.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export default defineServer({
  lifecycles: {
    articles: {
      beforeCreate(event) {
        const { data } = event.params;
        if (data.title) data.slug = slugify(data.title);
      },
    },
  },
  routes: [
    {
      method: 'POST',
      path: '/articles/:id/like',
      async handler(ctx, { strapi }) {
        const articles = strapi.documents('api::article.article');
        const article = await articles.findOne({ documentId: ctx.params.id });
        if (!article) return ctx.notFound('Article not found');
        const updated = await articles.update({ documentId: article.documentId, data: { likes: (article.likes ?? 0) + 1 } });
        return { data: { documentId: article.documentId, likes: updated?.likes } };
      },
      config: { auth: false, policies: ['has-like-header'], middlewares: ['add-header'] },
    },
  ],
  policies: {
    // Only requests saying `X-Like: yes` may like.
    'has-like-header': (ctx) => ctx.request.header['x-like'] === 'yes',
  },
  middlewares: {
    'add-header': () => async (ctx, next) => {
      await next();
      ctx.set('X-Liked-By', 'cms.server.ts');
    },
  },
  bootstrap({ strapi }) {
    strapi.log.info('native project ready');
  },
});
