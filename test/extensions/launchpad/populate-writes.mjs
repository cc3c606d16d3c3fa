// The client's own populate of dynamic zones, in test/extensions/launchpad: LaunchPad's route middlewares replace
// the populate of find/findOne, but a write answers with the populate the client asked for. So each form is sent
// on an update that changes nothing (the draft of the home page and of an article, the blog page): `on` fragments
// per component, nested relations and media inside them, `*`, and the forms Strapi refuses.
// @ts-nocheck
import { put } from '../../conformance/catalogue/helpers.mjs';

const NOTHING = { data: {} };
const ON = 'populate[dynamic_zone][on]';

const PAGE_FORMS = {
  'name': 'populate=dynamic_zone',
  'true': 'populate[dynamic_zone]=true',
  'star': 'populate=*',
  'star-nested': 'populate[dynamic_zone][populate]=*',
  'on.hero': `${ON}[dynamic-zone.hero][populate]=CTAs`,
  'on.hero.true': `${ON}[dynamic-zone.hero]=true`,
  'on.hero.fields': `${ON}[dynamic-zone.hero][fields][0]=heading`,
  'on.features.cards': `${ON}[dynamic-zone.features][populate][0]=globe_card&${ON}[dynamic-zone.features][populate][1]=ray_card`,
  'on.features.deep': `${ON}[dynamic-zone.features][populate][ray_card][populate]=*`
    + `&${ON}[dynamic-zone.features][populate][graph_card][populate][top_items][fields][0]=text`,
  'on.features.logos': `${ON}[dynamic-zone.features][populate][social_media_card][populate][logos][populate]=image`,
  'on.features.logos.fields': `${ON}[dynamic-zone.features][populate][social_media_card][populate][logos][fields][0]=company`,
  'on.testimonials': `${ON}[dynamic-zone.testimonials][populate][testimonials][populate][user][populate]=image`,
  'on.pricing': `${ON}[dynamic-zone.pricing][populate][plans][populate][0]=perks&${ON}[dynamic-zone.pricing][populate][plans][populate][1]=CTA`,
  'on.pricing.product': `${ON}[dynamic-zone.pricing][populate][plans][populate][product][fields][0]=name`,
  'on.pricing.filter': `${ON}[dynamic-zone.pricing][populate][plans][filters][featured][$eq]=true`,
  'on.faq.sort': `${ON}[dynamic-zone.faq][populate][faqs][sort]=question:desc&${ON}[dynamic-zone.faq][populate][faqs][fields][0]=question`,
  'on.form': `${ON}[dynamic-zone.form-next-to-section][populate][form][populate]=inputs`
    + `&${ON}[dynamic-zone.form-next-to-section][populate][section][populate][users][populate]=image`,
  'on.form.links': `${ON}[dynamic-zone.form-next-to-section][populate][social_media_icon_links][populate]=*`,
  'on.two': `${ON}[dynamic-zone.cta][populate]=CTAs&${ON}[dynamic-zone.brands][populate][logos][fields][0]=company`,
  'on.unknown-component': `${ON}[dynamic-zone.nope]=true`,
  'on.component-not-in-zone': `${ON}[shared.link]=true`,
  'populate-without-on': 'populate[dynamic_zone][populate][CTAs]=true',
  'fields-on-zone': 'populate[dynamic_zone][fields][0]=heading',
  'seo.media': 'populate[seo][populate]=metaImage',
  'seo.media.fields': 'populate[seo][populate][metaImage][fields][0]=name',
  'localizations': 'populate[localizations][fields][0]=slug',
  'count': 'populate[localizations][count]=true',
};

export const POPULATE_WRITES = [
  ...Object.entries(PAGE_FORMS).map(([name, query]) =>
    put(`populate.page.${name}`, `/api/pages/@@pg1?status=draft&fields[0]=slug&${query}`, NOTHING)),
  put('populate.article.related', `/api/articles/@@a2?status=draft&fields[0]=title&${ON}[dynamic-zone.related-articles][populate][articles]`
    + `[populate][categories][fields][0]=name`, NOTHING),
  put('populate.article.related.image', `/api/articles/@@a2?status=draft&fields[0]=title&${ON}[dynamic-zone.related-articles][populate]`
    + '[articles][populate]=image', NOTHING),
  put('populate.article.categories.product', '/api/articles/@@a1?status=draft&fields[0]=title&populate[categories][populate][product]'
    + '[populate]=images', NOTHING),
  put('populate.product.dz', `/api/products/@@p1?status=draft&fields[0]=name&populate[images][fields][0]=name&populate[perks]=true`, NOTHING),
  put('populate.blog-page.on', `/api/blog-page?fields[0]=heading&${ON}[dynamic-zone.related-articles][populate][articles][fields][0]=title`,
    NOTHING),
  put('populate.global.navbar', '/api/global?status=draft&fields[0]=admin_title&populate[navbar][populate][logo][populate]=image'
    + '&populate[footer][populate][0]=policy_links', NOTHING),
];
