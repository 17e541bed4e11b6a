import { envOf, type Figure, measure, type Route, type Store } from './api.ts';
import { type Server, startServer } from './server.ts';

/**
 * Issue 31: "the dashboard's p99 unchanged while PDFs are being built". The dashboard at the bench's
 * connections, alone and while PDF_CONNECTIONS more ask for a report PDF (with its 4-report journey) at the
 * same time, on the same server, back to back in each round:
 * - as shipped: the pool remembers each PDF it drew (decision 046), so after the first request the PDFs
 *   are answered from memory (the route still reads the report and the journey and hashes them);
 * - drawn: a second server with the `pdf-cache` layer off (BENCH_LAYERS_OFF), so every PDF is drawn on
 *   the pool's threads, as when many people open different reports. Only on PostgreSQL: PGlite is one
 *   process's folder, so a second server cannot open it.
 * Printed: the dashboard's p99 in each case, the p99 with PDFs ÷ the p99 alone (median of the per-round
 * ratios), and the PDFs' own req/s and p99.
 */
export const PDF_CONNECTIONS = Number(process.env.BENCH_PDF_CONNECTIONS ?? 10);

export type PdfLoad = {
  mode: 'memory' | 'drawn';
  aloneP99: number;
  withP99: number;
  ratio: number;
  aloneRps: number;
  withRps: number;
  pdfRps: number;
  pdfP99: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function dashboardWhilePdfs(
  server: Server,
  store: Store,
  routes: { dashboard: Route; pdf: Route },
  { connections, duration, rounds }: { connections: number; duration: number; rounds: number },
): Promise<PdfLoad[]> {
  const drawing =
    store.kind === 'postgres' ? await startServer({ ...envOf(store), BENCH_LAYERS_OFF: 'pdf-cache' }) : null;
  try {
    const sides = [
      { mode: 'memory' as const, server },
      ...(drawing ? [{ mode: 'drawn' as const, server: drawing }] : []),
    ];
    const byMode = sides.map(() => ({ alone: [] as Figure[], with: [] as Figure[], pdf: [] as Figure[] }));
    for (const { server: s } of sides) {
      await measure(s.url, 'warm-up', routes.dashboard, connections, 2);
      await measure(s.url, 'warm-up', routes.pdf, PDF_CONNECTIONS, 2);
    }
    for (let round = 0; round < rounds; round++) {
      for (const [i, { server: s }] of sides.entries()) {
        const figures = byMode[i];
        if (!figures) continue;
        figures.alone.push(await measure(s.url, 'dashboard alone', routes.dashboard, connections, duration));
        const [dashboard, pdf] = await Promise.all([
          measure(s.url, 'dashboard with PDFs', routes.dashboard, connections, duration),
          measure(s.url, 'PDFs', routes.pdf, PDF_CONNECTIONS, duration),
        ]);
        figures.with.push(dashboard);
        figures.pdf.push(pdf);
      }
    }
    return sides.map(({ mode }, i) => {
      const f = byMode[i] ?? { alone: [], with: [], pdf: [] };
      return {
        mode,
        aloneP99: median(f.alone.map((x) => x.p99)),
        withP99: median(f.with.map((x) => x.p99)),
        ratio: median(f.with.map((x, r) => x.p99 / (f.alone[r]?.p99 ?? Number.NaN))),
        aloneRps: median(f.alone.map((x) => x.rps)),
        withRps: median(f.with.map((x) => x.rps)),
        pdfRps: median(f.pdf.map((x) => x.rps)),
        pdfP99: median(f.pdf.map((x) => x.p99)),
      };
    });
  } finally {
    await drawing?.stop();
  }
}

export function printPdfLoad(loads: PdfLoad[], connections: number) {
  if (!loads.length) return;
  console.log(
    `\ndashboard p99 alone and while ${PDF_CONNECTIONS} more connections ask for a report PDF (dashboard at ${connections}; medians over the rounds)`,
  );
  console.log(
    'PDFs                 dashboard req/s alone  with PDFs   p99 alone  p99 with PDFs  ÷alone   PDF req/s  PDF p99 ms',
  );
  const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
  for (const l of loads)
    console.log(
      `${(l.mode === 'memory' ? 'as shipped (memory)' : 'drawn every time').padEnd(21)}${fmt(l.aloneRps, 22)}${fmt(l.withRps, 11)}${fmt(l.aloneP99, 12, 1)}${fmt(l.withP99, 15, 1)}${fmt(l.ratio, 8, 2)}${fmt(l.pdfRps, 12)}${fmt(l.pdfP99, 12, 1)}`,
    );
}
