// The seed: REST requests only, identical on both servers. Captured documentIds and file ids become
// the names (`@@r1`, `@@img1`) that later cases and the normaliser use.
import { post, put } from '../../catalogue/helpers.mjs';

const upload = (name, file, type) => ({
  id: `seed.${name}`, method: 'POST', path: '/api/upload',
  multipart: { files: [{ name: file, type, asset: file }] },
  capture: { [name]: '0.id', [`${name}Doc`]: '0.documentId' },
});
const make = (name, path, data) => post(`seed.${name}`, path, { data }, { capture: { [name]: 'data.documentId' } });
const seo = (title, image = '@@img1') => ({
  metaTitle: title, metaDescription: `${title}: the best places to eat, reviewed by people who eat there`, metaImage: image,
  metaSocial: [{ socialNetwork: 'Twitter', title: `${title} on Twitter`, description: 'Follow us for more', image }],
  keywords: 'food,restaurants', metaRobots: 'index', structuredData: { '@type': 'WebPage', name: title },
  canonicalURL: 'https://foodadvisor.example',
});
const link = (label, href, extra = {}) => ({ label, href, ...extra });

export default [
  upload('img1', 'tiny.png', 'image/png'),
  upload('img2', 'photo.jpg', 'image/jpeg'),
  make('cat1', '/api/categories', { name: 'Italian', slug: 'italian' }),
  make('cat2', '/api/categories', { name: 'Japanese', slug: 'japanese' }),
  make('cat3', '/api/categories', { name: 'European', slug: 'european' }),
  make('pl1', '/api/places', { name: 'Paris' }),
  make('pl2', '/api/places', { name: 'Lyon' }),
  make('pl3', '/api/places', { name: 'Nantes' }),
  make('r1', '/api/restaurants', {
    name: 'Pizza Roma', slug: 'pizza-roma', price: 'p2', images: ['@@img1', '@@img2'], category: '@@cat1', place: '@@pl1',
    information: {
      description: 'Wood-fired pizza since 1982',
      opening_hours: [{ day_interval: 'Mon-Fri', opening_hour: '11:00', closing_hour: '23:00' },
        { day_interval: 'Sat', opening_hour: '12:00' }],
      location: { address: '1 rue de Rome', website: 'https://roma.example', phone: '+33 1 23 45 67 89' },
    },
    socialNetworks: [{ url: 'https://x.example/roma' }, { url: 'https://insta.example/roma' }],
    blocks: [
      { __component: 'restaurant.rich-content', content: '## Our oven\n\nIt is very hot.' },
      { __component: 'blocks.faq', title: 'Questions', theme: 'primary',
        faq: [{ question: 'Vegan?', answer: 'Yes' }, { question: 'Parking?' }] },
      { __component: 'blocks.cta', title: 'Book now',
        buttons: [{ theme: 'secondary', link: link('Book', '/book', { target: '_blank' }) }] },
    ],
    seo: seo('Pizza Roma'),
  }),
  make('r2', '/api/restaurants', {
    name: 'Sushi Bar', slug: 'sushi-bar', price: 'p3', images: ['@@img2'], category: '@@cat2', place: '@@pl2',
    information: { description: 'Fresh fish every morning', location: { address: '2 quai du Rhône' } },
    blocks: [{ __component: 'blocks.cta-command-line', title: 'Try it', commandLine: 'npx eat sushi' }],
  }),
  make('r3', '/api/restaurants',
    { name: 'Chez Marie', slug: 'chez-marie', price: 'p1', images: ['@@img1'], category: '@@cat3', place: '@@pl1',
      socialNetworks: [{ url: 'https://marie.example' }] }),
  post('seed.r4', '/api/restaurants?status=draft',
    { data: { name: 'Secret Kitchen', slug: 'secret-kitchen', price: 'p4', images: ['@@img1'], place: '@@pl3' } },
    { capture: { r4: 'data.documentId' } }),
  put('seed.r1.fr', '/api/restaurants/@@r1?locale=fr-FR',
    { data: { name: 'Pizzeria Roma', slug: 'pizzeria-roma', price: 'p2', images: ['@@img1'],
        information: { description: 'Pizza au feu de bois' } } }),
  put('seed.r2.fr', '/api/restaurants/@@r2?locale=fr-FR&status=draft',
    { data: { name: 'Bar à sushis', slug: 'bar-a-sushis', price: 'p3', images: ['@@img2'] } }),
  make('r5', '/api/restaurants', {
    name: 'Related Bistro', slug: 'related-bistro', price: 'p2', images: ['@@img2'], category: '@@cat3',
    blocks: [{ __component: 'blocks.related-restaurants', header: { title: 'See also', label: 'More' }, restaurants: ['@@r1', '@@r2'] }],
  }),
  make('a1', '/api/articles', {
    title: 'The best pizza in Paris', slug: 'best-pizza', ckeditor_content: '<p>We tried them all.</p>', image: '@@img1',
    category: '@@cat1', seo: seo('Best pizza'),
    blocks: [
      { __component: 'blocks.faq', title: 'FAQ', faq: [{ question: 'Which one?', answer: 'Roma' }] },
      { __component: 'blocks.cta-command-line', theme: 'muted', title: 'Run', text: 'it', commandLine: 'yarn eat' },
    ],
  }),
  make('a2', '/api/articles', { title: 'Sushi etiquette', slug: 'sushi-etiquette', ckeditor_content: '<p>Chopsticks.</p>',
    category: '@@cat2' }),
  post('seed.a3', '/api/articles?status=draft',
    { data: { title: 'Upcoming guide', slug: 'upcoming-guide', ckeditor_content: '<p>Soon</p>' } }, { capture: { a3: 'data.documentId' } }),
  make('a4', '/api/articles', { title: 'Related reading', slug: 'related-reading', ckeditor_content: '<p>See</p>',
    blocks: [{ __component: 'blocks.related-articles', header: { title: 'Read more' }, articles: ['@@a1', '@@a2'] }] }),
  put('seed.a1.fr', '/api/articles/@@a1?locale=fr-FR',
    { data: { title: 'La meilleure pizza de Paris', slug: 'meilleure-pizza', ckeditor_content: '<p>Toutes testées.</p>' } }),
  make('rv1', '/api/reviews', { content: 'Great crust', note: 5, restaurant: '@@r1' }),
  make('rv2', '/api/reviews', { content: 'Too salty', note: 2, restaurant: '@@r1' }),
  make('rv3', '/api/reviews', { content: 'Fresh and fast', note: 4, restaurant: '@@r2' }),
  post('seed.rv4', '/api/reviews?locale=fr-FR', { data: { content: 'Très bon', note: 4, restaurant: '@@r1' } },
    { capture: { rv4: 'data.documentId' } }),
  make('pg1', '/api/pages', {
    title: 'Home', slug: 'home', seo: seo('Home', '@@img2'),
    blocks: [
      { __component: 'blocks.hero', images: ['@@img1', '@@img2'], header: { theme: 'primary', label: 'Welcome', title: 'FoodAdvisor' },
        text: 'Find food', buttons: [{ theme: 'primary', link: link('Go', '/restaurants') }] },
      { __component: 'blocks.features', theme: 'muted', header: { title: 'Why' },
        cards: [{ title: 'Fast', text: 'Very', image: '@@img1' }, { title: 'Cheap' }] },
      { __component: 'blocks.pricing', header: { title: 'Plans' },
        pricingCards: [{ title: 'Free', price: 0, perks: [{ name: 'Reviews', included: true }, { name: 'Ads', included: false }] },
          { title: 'Pro', price: 9, description: 'More' }] },
      { __component: 'blocks.team', header: { title: 'Team' } },
      { __component: 'blocks.testimonial', text: 'Life changing', theme: 'secondary' },
      { __component: 'blocks.features-with-images', text: 'Pictures', image: '@@img2', featuresCheck: [{ text: 'One' }, { text: 'Two' }],
        header: { label: 'See' } },
      { __component: 'blocks.related-restaurants', restaurants: ['@@r3'] },
    ],
  }),
  make('pg2', '/api/pages', { title: 'Contact', slug: 'contact',
    blocks: [{ __component: 'blocks.cta', title: 'Write to us', theme: 'primary' }] }),
  put('seed.pg1.fr', '/api/pages/@@pg1?locale=fr-FR',
    { data: { title: 'Accueil', blocks: [{ __component: 'blocks.hero', text: 'Trouvez', header: { title: 'FoodAdvisor' } }] } }),
  put('seed.global', '/api/global', {
    data: {
      navigation: { links: [link('Restaurants', '/restaurants'), link('Blog', '/blog')], leftButton: link('Home', '/'),
        rightButton: link('Docs', 'https://docs.example', { isExternal: true, target: '_blank' }) },
      footer: { label: 'FoodAdvisor', footerColumns: [{ links: [link('About', '/about')] }, { links: [] }],
        socialNetworks: [{ url: 'https://x.example/fa' }], button: { theme: 'muted', link: link('Top', '#') } },
    },
  }, { capture: { global: 'data.documentId' } }),
  put('seed.blog', '/api/blog-page',
    { data: { slug: 'blog', articlesPerPage: 9, categoryText: 'Categories', header: { title: 'Blog', label: 'News' },
        blocks: [{ __component: 'blocks.cta', title: 'Subscribe' }], seo: seo('Blog') } }, { capture: { blog: 'data.documentId' } }),
  put('seed.rpage', '/api/restaurant-page?status=draft',
    { data: { slug: 'restaurants', categoryText: 'Cuisine', PlaceText: 'City', restaurantsPerPage: 12 } },
    { capture: { rpage: 'data.documentId' } }),
];
