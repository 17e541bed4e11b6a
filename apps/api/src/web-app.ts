import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@portal/domain';
import type { FastifyInstance } from 'fastify';

/**
 * JSON that can sit inside a <script> element: `<`, `>` and `&` as \u escapes, so no value can close
 * the element or open a comment, and the line separators JavaScript once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * index.html with the public config (the object GET /api/config answers) as a JSON data block, so
 * the app has it when its code runs instead of asking for it first. A data block is not executed, so
 * the content security policy (script-src 'self') stays as it is.
 */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>`;
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error('index.html has no </head>');
  return `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}

/**
 * Serves the built React app; any non-API GET that accepts HTML gets index.html (client routing),
 * with the public config in it. The config does not change while the server runs, so the page is
 * built once.
 */
export async function serveWebApp(app: FastifyInstance, dist: string, config: PublicConfig) {
  const indexFile = path.join(dist, 'index.html');
  const html = fs.existsSync(indexFile) ? withPublicConfig(fs.readFileSync(indexFile, 'utf8'), config) : null;
  if (html !== null)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // /index.html falls through to the handler below, which adds the config.
      allowedPath: (pathName) => pathName !== '/index.html',
    });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (
      !isApi &&
      request.method === 'GET' &&
      html !== null &&
      request.headers.accept?.includes('text/html')
    ) {
      // Revalidated on every visit, so a release's new asset names are picked up at once.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply
      .code(404)
      .send({ message: 'We could not find what you asked for.', code: ERROR_CODES.notFound });
  });
}
