import { defineConfig } from 'vitepress';

// The documentation site: `npm run docs:dev` serves it, `npm run docs:build` writes docs/.vitepress/dist (git-ignored).
// Why VitePress: see docs/contributing.md.
export default defineConfig({
  title: 'gitcms',
  description: "A Git-native headless CMS that speaks Strapi v5's REST API",
  cleanUrls: true,
  // Pages link to each other as .md files (so they also read on GitHub); dead page links fail the build, and test/docs checks
  // anchors too. Links to the local server (http://localhost:1337/…) are meant for a reader running it.
  ignoreDeadLinks: 'localhostLinks',
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/configuration' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Reading and writing over REST', link: '/guide/rest-api' },
          { text: 'GraphQL', link: '/guide/graphql' },
          { text: 'AI agents (MCP)', link: '/guide/mcp' },
          { text: 'Content files', link: '/guide/content-files' },
          { text: 'Schemas and generated tools', link: '/guide/schemas' },
          { text: 'Git workflow', link: '/guide/git-workflow' },
          { text: 'Studio', link: '/guide/studio' },
          { text: 'Access control', link: '/guide/access-control' },
          { text: 'Media', link: '/guide/media' },
          { text: 'Media in object storage', link: '/guide/media-storage' },
          { text: 'The library', link: '/guide/library' },
          { text: 'Using the CLI', link: '/guide/cli' },
          { text: 'Scaling', link: '/guide/scaling' },
          { text: 'Deploying replicas', link: '/deployment' },
          { text: 'Migrating from Strapi', link: '/guide/migrating-from-strapi' },
          { text: 'Extending with project code', link: '/guide/extending' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Configuration', link: '/reference/configuration' },
          { text: 'CLI', link: '/reference/cli' },
          { text: 'HTTP routes', link: '/reference/http-routes' },
          { text: 'Library API', link: '/reference/library-api' },
          { text: 'Strapi conformance', link: '/reference/conformance' },
          { text: 'Limits and torture tests', link: '/reference/limits' },
          { text: 'Performance', link: '/reference/performance' },
          { text: 'Performance at scale', link: '/reference/performance-scale' },
          { text: 'Architecture', link: '/reference/architecture' },
        ],
      },
      { text: 'Contributing to the docs', link: '/contributing' },
    ],
  },
});
