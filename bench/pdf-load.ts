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
 * - the control (as shipped only): the same PDF_CONNECTIONS ask for a cheap read (GET /api/kits) at the
 *   rate the PDFs were answered in that round (autocannon's overallRate), so the figure separates "that
 *   many more connections at that rate on 2 cores" from "the PDFs' own work".
 * Printed: the dashboard's p99 in each case, the p99 with PDFs ÷ the p99 alone (median of the per-round
 * ratios), the PDFs' own req/s and p99, and the control's p99 ÷ alone and PDFs' p99 ÷ the control's.
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
  /** The control (mode memory): the dashboard while the same connections read the kits list at the PDFs' rate. */
  control?: { withP99: number; ratio: number; pdfPerControl: number; rps: number };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export async function dashboardWhilePdfs(
  server: Server,
  store: Store,
  routes: { dashboard: Route; pdf: Route; control: Route },
  { connections, duration, rounds }: { connections: number; duration: number; rounds: number },
): Promise<PdfLoad[]> {
  const drawing =
    store.kind === 'postgres' ? await startServer({ ...envOf(store), BENCH_LAYERS_OFF: 'pdf-cache' }) : null;
  try {
    const sides = [
      { mode: 'memory' as const, server },
      ...(drawing ? [{ mode: 'drawn' as const, server: drawing }] : []),
    ];
    const byMode = sides.map(() => ({
      alone: [] as Figure[],
      with: [] as Figure[],
      pdf: [] as Figure[],
      control: [] as Figure[],
      controlReads: [] as Figure[],
    }));
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
        if (i !== 0) continue;
        const [withReads, reads] = await Promise.all([
          measure(s.url, 'dashboard with reads', routes.dashboard, connections, duration),
          measure(
            s.url,
            'reads',
            routes.control,
            PDF_CONNECTIONS,
            duration,
            Math.max(1, Math.round(pdf.rps)),
          ),
        ]);
        figures.control.push(withReads);
        figures.controlReads.push(reads);
      }
    }
    return sides.map(({ mode }, i) => {
      const f = byMode[i] ?? { alone: [], with: [], pdf: [], control: [], controlReads: [] };
      const control = f.control.length
        ? {
            withP99: median(f.control.map((x) => x.p99)),
            ratio: median(f.control.map((x, r) => x.p99 / (f.alone[r]?.p99 ?? Number.NaN))),
            pdfPerControl: median(f.with.map((x, r) => x.p99 / (f.control[r]?.p99 ?? Number.NaN))),
            rps: median(f.controlReads.map((x) => x.rps)),
          }
        : undefined;
      return {
        mode,
        aloneP99: median(f.alone.map((x) => x.p99)),
        withP99: median(f.with.map((x) => x.p99)),
        ratio: median(f.with.map((x, r) => x.p99 / (f.alone[r]?.p99 ?? Number.NaN))),
        aloneRps: median(f.alone.map((x) => x.rps)),
        withRps: median(f.with.map((x) => x.rps)),
        pdfRps: median(f.pdf.map((x) => x.rps)),
        pdfP99: median(f.pdf.map((x) => x.p99)),
        ...(control ? { control } : {}),
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
  for (const l of loads)
    if (l.control)
      console.log(
        `control: the same ${PDF_CONNECTIONS} connections read GET /api/kits at the PDFs' rate (${l.control.rps.toFixed(0)} req/s): ` +
          `dashboard p99 ${l.control.withP99.toFixed(1)} ms, ÷alone ${l.control.ratio.toFixed(2)} (the PDFs' ${l.ratio.toFixed(2)}); ` +
          `p99 with PDFs ÷ with the reads ${l.control.pdfPerControl.toFixed(2)}`,
      );
}
