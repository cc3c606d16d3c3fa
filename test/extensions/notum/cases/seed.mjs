// The seed of test/extensions/notum, sent through the REST API (full-access token unless said): two images, a
// registered user (the project's users-permissions subscriber runs on her creation), a page tree with parent links
// (home, about > team > people, blog > news, a draft), dynamic zones holding every section the starter ships (the
// hero's background a color-picker custom field), SEO components, Czech versions, and the navbar and footer.
// @ts-nocheck
import { post, put } from '../../../conformance/catalogue/helpers.mjs';
import { NONE } from './common.mjs';

const doc = (name) => ({ capture: { [name]: 'data.documentId', [`${name}Id`]: 'data.id' } });
const upload = (name, asset, type) => ({ id: `seed.upload.${name}`, method: 'POST', path: '/api/upload',
  multipart: { files: [{ name: asset, type, asset }] }, capture: { [name]: '0.id', [`${name}Doc`]: '0.documentId' } });
const image = (alt, media = '@@img1') => ({ media, alt, width: 640, height: 480 });
const link = (label, href, newTab) => ({ label, href, ...(newTab === undefined ? {} : { newTab }) });
const SEO = { metaTitle: 'Notum starter', metaDescription: 'A Strapi and Next.js starter', metaImage: '@@img2', keywords: 'strapi, next',
  metaRobots: 'index,follow', twitter: { card: 'summary', title: 'Notum', creator: '@notum' }, siteName: 'Notum', email: 'hi@example.com' };

const HOME_CONTENT = [
  { __component: 'sections.hero', title: 'Build faster', subTitle: 'With Strapi and Next.js', bgColor: '#1E40AF',
    links: [link('Start', '/start'), link('Docs', 'https://docs.example.com', true)], image: image('Hero'), isVisible: true },
  { __component: 'sections.feature-grid', title: 'Features', imageSize: 64, isVisible: true, imageRadius: 'md',
    gridCol: { desktop: 3, tablet: 2, mobile: 1 }, items: [{ title: 'Fast', subTitle: 'Really', image: image('Fast') }, { title: 'Typed' }] },
  { __component: 'sections.faq', title: 'Questions', subTitle: 'Answered', isVisible: true,
    accordions: [{ question: 'Is it free?', answer: 'Yes.' }, { question: 'Is it typed?', answer: 'End to end.' }] },
  { __component: 'sections.carousel', radius: 'lg', isVisible: true,
    images: [{ image: image('One'), link: link('One', '/one') }, { image: image('Two', '@@img2') }] },
  { __component: 'sections.heading-with-cta-button', title: 'Ready?', subText: 'Go', isVisible: true, cta: link('Sign up', '/signup') },
  { __component: 'sections.image-with-cta-button', title: 'Look', image: image('Look'), link: link('More', '/more'), isVisible: false },
  { __component: 'sections.animated-logo-row', text: 'Trusted by', isVisible: true, logos: [image('Acme'), image('Globex', '@@img2')] },
  { __component: 'sections.horizontal-images', title: 'Gallery', isVisible: true, spacing: 8, imageRadius: 'sm', fixedImageHeight: 200,
    images: [{ image: image('G1') }] },
  { __component: 'sections.newsletter', title: 'News', description: 'Monthly', gdpr: link('GDPR', '/gdpr') },
  { __component: 'sections.contact-form', title: 'Contact', description: 'Write to us', gdpr: link('Privacy', '/privacy') },
];
const page = (key, data, extra = '') => post(`seed.page.${key}`, `/api/pages${extra}`, { data }, doc(key));

export const SEED = [
  post('seed.user.ann', '/api/auth/local/register', { username: 'ann', email: 'ann@example.com', password: 'correct-horse' },
    { ...NONE, capture: { 'jwt:ann': 'jwt', ann: 'user.id' } }),
  upload('img1', 'tiny.png', 'image/png'),
  upload('img2', 'wide.png', 'image/png'),
  page('home', { title: 'Home', slug: 'home', fullPath: '/', seo: SEO, content: HOME_CONTENT }),
  page('about', { title: 'About us', breadcrumbTitle: 'About', slug: 'about', fullPath: '/about',
    content: [{ __component: 'sections.hero', title: 'About us', bgColor: '#FFFFFF', isVisible: true }] }),
  page('team', { title: 'Our team', breadcrumbTitle: 'Team', slug: 'team', fullPath: '/about/team', parent: '@@about',
    content: [{ __component: 'sections.faq', title: 'Who?', accordions: [{ question: 'How many?', answer: 'Twelve.' }] }] }),
  page('people', { title: 'People', slug: 'people', fullPath: '/about/team/people', parent: '@@team' }),
  page('history', { title: 'History', slug: 'history', fullPath: '/about/history', parent: '@@about', seo: { metaTitle: 'Our history' } }),
  page('blog', { title: 'Blog', slug: 'blog', fullPath: '/blog' }),
  page('news', { title: 'News', breadcrumbTitle: 'Latest news', slug: 'news', fullPath: '/blog/news', parent: '@@blog',
    content: [{ __component: 'sections.hero', title: 'News', bgColor: '#FF0000', isVisible: true }] }),
  page('orphan', { title: 'Orphan', slug: 'orphan', fullPath: '/lost/orphan' }),
  page('nopath', { title: 'No path', slug: 'no-path' }),
  page('draft', { title: 'Coming soon', slug: 'soon', fullPath: '/soon', parent: '@@blog' }, '?status=draft'),
  put('seed.page.home.cs', '/api/pages/@@home?locale=cs', { data: { title: 'Domů', slug: 'domu', fullPath: '/cs',
    content: [{ __component: 'sections.hero', title: 'Stavějte rychleji', bgColor: '#1E40AF', isVisible: true }] } }),
  put('seed.page.about.cs', '/api/pages/@@about?locale=cs', { data: { title: 'O nás', breadcrumbTitle: 'O nás', slug: 'o-nas',
    fullPath: '/cs/o-nas' } }),
  put('seed.page.team.cs', '/api/pages/@@team?locale=cs', { data: { title: 'Náš tým', slug: 'tym', fullPath: '/cs/o-nas/tym',
    parent: '@@about' } }),
  put('seed.navbar', '/api/navbar', { data: { links: [link('Home', '/'), link('About', '/about'), link('Blog', '/blog', false)],
    logoImage: { image: image('Logo'), link: link('Home', '/') } } }),
  put('seed.navbar.cs', '/api/navbar?locale=cs', { data: { links: [link('Domů', '/cs')] } }),
  put('seed.footer', '/api/footer', { data: { copyRight: '© Notum', gridCols: { desktop: 4, tablet: 2, mobile: 1 },
    sections: [{ title: 'Company', links: [link('About', '/about'), link('Team', '/about/team')] }, { title: 'Legal', links: [link('GDPR', '/gdpr')] }],
    links: [link('Contact', '/contact')], logoImage: { image: image('Footer logo', '@@img2') } } }),
  put('seed.footer.cs', '/api/footer?locale=cs', { data: { copyRight: '© Notum CZ' } }),
];
