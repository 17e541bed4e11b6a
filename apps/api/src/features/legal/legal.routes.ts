import { apiErrorSchema, legalVersionsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { unicodeFonts } from '../../adapters/pdf/fonts.ts';
import { notFound } from '../../lib/errors.ts';
import { publishedLegalVersion, publishedLegalVersions } from '../consent/index.ts';
import { type LegalDocument, PRIVACY_VERSIONS, TERMS_VERSIONS } from './legal-texts.ts';

function legalPdf(brand: string, doc: LegalDocument, version: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = unicodeFonts(
      new PDFDocument({
        size: 'A4',
        margin: 56,
        info: { Title: `${brand} ${doc.title} ${version}` },
      }),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.fontSize(20).text(brand).moveDown(0.2);
    pdf
      .fontSize(16)
      .text(doc.title)
      .fontSize(10)
      .text(`Version ${version} · effective ${doc.effective}`)
      .moveDown();
    for (const section of doc.sections) {
      pdf.fontSize(12).text(section.heading).moveDown(0.3);
      for (const paragraph of section.body) pdf.fontSize(10).text(paragraph).moveDown(0.4);
      pdf.moveDown(0.4);
    }
    pdf.end();
  });
}

/** The terms of use and privacy policy, each version a real PDF (research §2 viewer). */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const brand = app.ctx.config.brandName;

  app.get(
    '/legal/versions',
    {
      schema: {
        tags: ['legal'],
        summary: 'The published versions of the terms and the privacy policy',
        response: { 200: legalVersionsSchema },
      },
    },
    // The versions kept in the code, then those published from the console (issue 36), newest first.
    async () => {
      const terms = await publishedLegalVersions(app.ctx.db, 'TERMS');
      const privacy = await publishedLegalVersions(app.ctx.db, 'PRIVACY');
      const merged = (kept: string[], published: string[]) => [
        'default',
        ...published,
        ...kept.filter((v) => v !== 'default' && !published.includes(v)),
      ];
      return {
        terms: merged(Object.keys(TERMS_VERSIONS), terms.versions),
        privacy: merged(Object.keys(PRIVACY_VERSIONS), privacy.versions),
        current: { terms: terms.current, privacy: privacy.current },
      };
    },
  );

  for (const [kind, versions, label, document] of [
    ['terms', TERMS_VERSIONS, 'terms', 'TERMS'],
    ['privacy', PRIVACY_VERSIONS, 'privacy policy', 'PRIVACY'],
  ] as const) {
    app.get(
      `/legal/${kind}.pdf`,
      {
        schema: {
          tags: ['legal'],
          summary: `The ${label} as a PDF; ?v= picks a version (default: the current one)`,
          querystring: z.object({ v: z.string().max(40).optional() }),
          response: { 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        let version = request.query.v?.trim() || 'default';
        // After a version published from the console, the default is that one.
        if (version === 'default') {
          const { current } = await publishedLegalVersions(app.ctx.db, document);
          if (current && !Object.hasOwn(versions, current)) version = current;
        }
        // Only the table's own keys: `constructor` or `__proto__` would find what every object inherits.
        let doc = Object.hasOwn(versions, version) ? versions[version] : undefined;
        if (!doc) {
          const published = await publishedLegalVersion(app.ctx.db, document, version);
          if (published)
            doc = {
              title: published.title,
              effective: published.effectiveDate ?? '',
              sections: [{ heading: '', body: published.body.split(/\n\s*\n/).filter((p) => p.trim()) }],
            };
        }
        if (!doc) throw notFound(`There is no version ${version} of the ${label}.`);
        const pdf = await legalPdf(
          brand,
          doc,
          version === 'default' ? (Object.keys(versions)[1] ?? version) : version,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${kind}-${version}.pdf"`)
          .header('cache-control', 'public, max-age=3600')
          .send(pdf as never);
      },
    );
  }
};
