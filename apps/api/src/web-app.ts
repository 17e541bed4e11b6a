import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  BRAND_COLOURS,
  ERROR_CODES,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
  SCREEN_LAYOUT_COOKIE,
  SERVER_RENDERED_ATTRIBUTE,
  type SignedInPageReads,
} from '@portal/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_SESSION_COOKIE } from './features/auth/index.ts';
import { publicConfig } from './features/config/config.routes.ts';

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

/** index.html with more lines at the end of its head (a page's robots meta). */
export function withHeadLines(html: string, lines: string): string {
  const at = html.indexOf('</head>');
  if (at === -1) throw new Error('index.html has no </head>');
  return `${html.slice(0, at)}${lines}\n  ${html.slice(at)}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The web app's index.html with these lines in its head, or null without a web build. */
    webAppPage?: (head: string) => string | null;
  }
}

/**
 * The web app's own render of a page (apps/web/src/server-render.tsx): its markup for an address
 * (path and query), or null for an address the server does not draw. With `signedIn`, the person's
 * reads for a signed-in page it may draw (decision 073).
 */
export type PageRenderer = (
  url: string,
  config: PublicConfig,
  signedIn?: SignedInPageReads,
) => Promise<string | null>;

/** An access token is a JWT of a few hundred characters; anything far longer is not one. */
const MAX_PAGE_TOKEN_LENGTH = 4096;

/**
 * The reads of the person whose page cookie came with a page request (decision 073): each one goes
 * through the API itself, in process, with the cookie's access token as the bearer and the browser's
 * address, so every check of the browser's own read applies (the token's signature and expiry, the live
 * session, the account's standing, ownership, consent, withheld results, rate limits) and nothing is
 * read that the person's browser could not read. Support views never have the cookie.
 */
function signedInReads(app: FastifyInstance, request: FastifyRequest, token: string): SignedInPageReads {
  return {
    read: async (apiPath) => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api${apiPath}`,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        remoteAddress: request.ip,
      });
      return answer.statusCode === 200 ? (answer.json() as unknown) : null;
    },
    layout: screenLayoutOf(request),
  };
}

/** The layout the app last saw on this browser's screen, else the browser's own word, else a phone's. */
function screenLayoutOf(request: FastifyRequest): SignedInPageReads['layout'] {
  const remembered = request.cookies[SCREEN_LAYOUT_COOKIE];
  if (remembered === 'narrow' || remembered === 'wide') return remembered;
  return request.headers['sec-ch-ua-mobile'] === '?0' ? 'wide' : 'narrow';
}

/** The renderer the web build writes beside dist (dist-server/server-render.js), or null without one. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
  return typeof module.renderPage === 'function' ? (module.renderPage as PageRenderer) : null;
}

/** index.html with a page the server drew in place of the loading text in #root. */
export function withPageMarkup(html: string, markup: string): string {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  if (start === -1 || end < start) throw new Error('index.html has no #root element before </body>');
  return `${html.slice(0, start)}<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${markup}${html.slice(end)}`;
}

const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The web manifest (apps/web/public/manifest.webmanifest) with the BRAND_NAME setting as its name, as
 * the logo shows it, so an installed app carries the deployment's brand; its colours are the palette's.
 */
export function withBrandName(manifest: string, brandName: string): string {
  const fields = JSON.parse(manifest) as Record<string, unknown>;
  return JSON.stringify({
    ...fields,
    name: brandName,
    short_name: brandName,
    background_color: BRAND_COLOURS.bg,
    theme_color: BRAND_COLOURS.primary,
  });
}

/**
 * Serves the built React app; any non-API GET that accepts HTML gets index.html (client routing),
 * with the public config in it. The config does not change while the server runs, so the page is
 * built once. With the web app's renderer, the pages it draws (the sign-in page) arrive drawn, so they
 * show before the app's code has run; should that render fail, the page comes without it.
 */
export async function serveWebApp(
  app: FastifyInstance,
  dist: string,
  config: PublicConfig,
  renderPage: PageRenderer | null = null,
) {
  const indexFile = path.join(dist, 'index.html');
  const html = fs.existsSync(indexFile) ? withPublicConfig(fs.readFileSync(indexFile, 'utf8'), config) : null;
  // The share link's page (reports/shares.routes.ts) is this page with its own head lines.
  app.decorate('webAppPage', (head: string) => (html === null ? null : withHeadLines(html, head)));
  const manifestFile = path.join(dist, MANIFEST_PATH);
  const manifest = fs.existsSync(manifestFile)
    ? withBrandName(fs.readFileSync(manifestFile, 'utf8'), config.brandName)
    : null;
  if (html !== null)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // /index.html and the manifest fall through to the handler below, which adds the settings.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== MANIFEST_PATH,
    });
  app.setNotFoundHandler(async (request, reply) => {
    if (manifest !== null && request.method === 'GET' && request.url.split('?')[0] === MANIFEST_PATH)
      return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(manifest);
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (
      !isApi &&
      request.method === 'GET' &&
      html !== null &&
      request.headers.accept?.includes('text/html')
    ) {
      let page = html;
      const pageToken = request.cookies[PAGE_SESSION_COOKIE];
      const signedIn =
        pageToken && pageToken.length <= MAX_PAGE_TOKEN_LENGTH
          ? signedInReads(app, request, pageToken)
          : undefined;
      if (renderPage) {
        try {
          const markup = await renderPage(request.url, config, signedIn);
          if (markup !== null) page = withPageMarkup(html, markup);
        } catch (error) {
          request.log.error({ err: error }, 'the server render of this page failed; the browser draws it');
        }
      }
      // Revalidated on every visit, so a release's new asset names are picked up at once; a page that
      // came with the page cookie may hold the person's report, so no cache keeps it.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', signedIn ? 'no-store' : 'no-cache')
        .send(page);
    }
    return reply
      .code(404)
      .send({ message: 'We could not find what you asked for.', code: ERROR_CODES.notFound });
  });
}

export type WebAppOptions = {
  /** Folder of the built web app; by default apps/web/dist. */
  webDist?: string | undefined;
  /** Draws the sign-in page on the server; by default the web build's dist-server/server-render.js. */
  renderPage?: PageRenderer | null | undefined;
};

/** The built web app and its pages, with the public settings written into them. */
const webApp: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const webDist = options.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const renderPage =
    options.renderPage !== undefined
      ? options.renderPage
      : await loadPageRenderer(path.join(webDist, '../dist-server/server-render.js'));
  await serveWebApp(app, webDist, publicConfig(app.ctx.config), renderPage);
};

export default fp(webApp, { name: 'web-app' });
