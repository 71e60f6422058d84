import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { links } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { ZErrorBody } from '../../../lib/schemas.ts';

/** Link-preview robots read the page's Open Graph tags instead of following a redirect. */
const PREVIEW_ROBOTS = /facebookexternalhit|facebot|twitterbot|slackbot|linkedinbot|whatsapp|telegrambot|discordbot|skypeuripreview|pinterest|embedly|redditbot|applebot|googlebot/i;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The small page a preview robot gets: the link's social title, description and image, and the address it leads to. */
export function previewPage(link: { longLink: string; socialTitle: string | null; socialDescription: string | null; socialImage: string | null }): string {
  const title = escapeHtml(link.socialTitle ?? link.longLink);
  const target = escapeHtml(link.longLink);
  const meta = [
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:url" content="${target}">`,
    link.socialDescription ? `<meta property="og:description" content="${escapeHtml(link.socialDescription)}">` : '',
    link.socialImage ? `<meta property="og:image" content="${escapeHtml(link.socialImage)}">` : '',
    `<meta name="twitter:card" content="${link.socialImage ? 'summary_large_image' : 'summary'}">`,
  ].filter(Boolean);
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${title}</title>${meta.join('')}<meta http-equiv="refresh" content="0;url=${target}"></head><body><a href="${target}">${target}</a></body></html>`;
}

/**
 * `GET /l/{shortCode}`: public, the short link itself. A browser is redirected (302) to the long
 * link; a link-preview robot gets a page with the social title, description and image. An unknown
 * code is a 404.
 */
export function registerLinkRedirect(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/l/:shortCode', {
    schema: {
      tags: ['links'],
      summary: 'Follow a short link (public): 302 to the long link, or an Open Graph page for link-preview robots',
      params: z.object({ shortCode: z.string().max(64) }),
      response: { 302: z.null().describe('Redirect to the long link'), 200: z.string().describe('Preview page (robots)'), 404: ZErrorBody },
    },
    handler: async (request, reply) => {
      const [link] = await app.services.db.select().from(links).where(eq(links.shortCode, request.params.shortCode)).limit(1);
      if (!link) throw new AppError('NOT_FOUND', 'Unknown short link');
      reply.header('Cache-Control', 'no-store');
      if (PREVIEW_ROBOTS.test(request.headers['user-agent'] ?? '')) return reply.type('text/html; charset=utf-8').send(previewPage(link));
      return reply.redirect(link.longLink, 302);
    },
  });
}
