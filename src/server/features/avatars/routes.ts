import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { notFound } from '../../errors';
import { AVATAR_FILE_PATTERN, renderAvatarSvg } from './avatar';

/** Bumped when the drawing changes, so cached pictures are replaced (the URL stays the same). */
const DRAWING_VERSION = '1';

/**
 * GET /avatars/:file — a generated SVG avatar for `<slug>.svg`. Public, cacheable forever (the slug
 * fully decides the picture), and locked down with its own CSP because an SVG is a document.
 */
export default async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const schema: FastifySchema = {
    tags: ['users'],
    summary: 'A generated avatar drawing (`<slug>.svg`), for users without a photo; cacheable forever',
    // Document only (the route sends its own bytes; its 404 is the usual error body).
    otherResponses: {
      200: { description: 'The SVG picture', contentType: 'image/svg+xml' },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      404: 'error',
    },
  };
  app.get<{ Params: { file: string } }>('/avatars/:file', { schema }, async (request, reply) => {
    const { file } = request.params;
    if (typeof file !== 'string' || !AVATAR_FILE_PATTERN.test(file)) {
      throw notFound('Not found');
    }
    const slug = file.slice(0, -'.svg'.length);
    const etag = `"${createHash('sha1').update(`${DRAWING_VERSION}:${slug}`).digest('base64url').slice(0, 16)}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(renderAvatarSvg(slug));
  });
}
