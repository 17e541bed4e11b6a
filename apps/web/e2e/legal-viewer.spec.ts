import type { Frame, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/** Pages of a PDF: pdfkit writes each page as a plain `/Type /Page` dictionary. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** The PDF viewer Chromium runs inside the document frame (a blocked frame shows an error page instead). */
async function pdfViewer(page: Page): Promise<Frame> {
  let viewer: Frame | undefined;
  await expect
    .poll(() => {
      viewer = page.frames().find((frame) => frame.url().startsWith('chrome-extension://'));
      return (
        viewer?.url() ??
        page
          .frames()
          .map((frame) => frame.url())
          .join(', ')
      );
    })
    .toMatch(/^chrome-extension:\/\/.*\/index\.html/);
  return viewer as Frame;
}

for (const [path, pdfPath] of [
  ['/terms', '/api/legal/terms.pdf?v=default'],
  ['/privacy?v=v7.0', '/api/legal/privacy.pdf?v=v7.0'],
] as const) {
  test(`the legal viewer at ${path} shows the PDF inline, every page of it`, async ({ page, request }) => {
    const expected = pageCount(await (await request.get(pdfPath)).body());
    expect(expected).toBeGreaterThan(0);
    await page.goto(path);
    const frame = page.locator('iframe.legal-frame');
    await expect(frame).toBeVisible();
    const viewer = await pdfViewer(page);
    // The viewer's toolbar names the page count once the document is loaded.
    await expect(viewer.locator('#pagelength')).toHaveText(String(expected));
    expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(false);
    await expectAccessible(page);
  });
}
