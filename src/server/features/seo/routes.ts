import type { FastifyInstance } from 'fastify';

/** /robots.txt and /sitemap.xml at the site root (not under /api), absolute URLs from PUBLIC_URL. */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(app.services.seo.robotsTxt()),
  );

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    const sitemap = await app.services.seo.sitemapXml();
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap);
  });
}
