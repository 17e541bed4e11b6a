import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF as a reader sees it: each page's text, the document info, language and tagging. */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  const info: Record<string, unknown> = Object.fromEntries(Object.entries((await pdf.getMetadata()).info));
  const markInfo = await pdf.getMarkInfo();
  const structTree = await (await pdf.getPage(1)).getStructTree();
  await pdf.destroy();
  return { pages, info, marked: markInfo?.Marked === true, structTree };
}
