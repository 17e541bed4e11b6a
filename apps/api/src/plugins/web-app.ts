import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { publicConfig } from '../features/config/config.routes.ts';
import { loadPageRenderer, type PageRenderer, serveWebApp } from '../web-app.ts';

export type WebAppOptions = {
  /** Folder of the built web app; by default apps/web/dist. */
  webDist?: string | undefined;
  /** Draws the sign-in page on the server; by default the web build's dist-server/server-render.js. */
  renderPage?: PageRenderer | null | undefined;
};

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app and its pages, with the public settings written into them (web-app.ts). */
const webApp: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const webDist = options.webDist ?? path.resolve(here, '../../../web/dist');
  const renderPage =
    options.renderPage !== undefined
      ? options.renderPage
      : await loadPageRenderer(path.join(webDist, '../dist-server/server-render.js'));
  await serveWebApp(app, webDist, publicConfig(app.ctx.config), renderPage);
};

export default fp(webApp, { name: 'web-app' });
