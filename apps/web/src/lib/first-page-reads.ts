import type { AppType } from '@portal/domain';
import { apiRequest } from './api-client.ts';

/**
 * The API reads a customer portal page makes as it first draws, by its route. main.tsx asks for them as
 * soon as the session is restored, while the page's code is still loading; without this, a page asked
 * only once it had drawn, and its content (the kits page's largest paint) waited one more round trip and
 * render (decision 034). A test keeps each list among what the page reads.
 */
export const FIRST_PAGE_READS: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['/kits'],
  '/kits': ['/kits', '/kits/sent'],
  '/kits/notAllowed': ['/kits', '/kits/sent'],
  // A report is found in the list by its kit, then read: the list is the first of the two.
  '/report/:kitId': ['/reports'],
  '/report': ['/reports'],
  '/reports': ['/reports'],
  '/journey': ['/reports'],
};

/** The reads of the route `pathname` matches (a `:name` segment matches any one segment). */
function readsOf(pathname: string): readonly string[] | undefined {
  const segments = pathname.split('/');
  const route = Object.keys(FIRST_PAGE_READS).find((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part === segments[i] || (part.startsWith(':') && segments[i] !== ''))
    );
  });
  return route === undefined ? undefined : FIRST_PAGE_READS[route];
}

type EarlyReads = {
  pathname: string;
  reads: Map<string, Promise<unknown>>;
  /** Reads still to be asked for once an earlier one answers (the report of /report/:kitId). */
  waiting: number;
};

let early: EarlyReads | null = null;

/** The kit of a /report/:kitId address, as the reports page reads it (report-selection.ts). */
const reportKitOf = (pathname: string) => {
  const match = /^\/report\/([^/]+)$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
};

/** The path of the report of `kitId` in GET /reports's answer (not checked yet: only a sample is read). */
function kitReportPath(list: unknown, kitId: number): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const item: unknown = list.find((entry) => (entry as { kitId?: unknown } | null)?.kitId === kitId);
  const sample = (item as { sampleIdentifier?: unknown } | undefined)?.sampleIdentifier;
  return typeof sample === 'string' ? `/reports/${encodeURIComponent(sample)}` : undefined;
}

/** Starts the reads of the page at `pathname`; call once, with the session restored. */
export function requestFirstPageReads(pathname: string, appType: AppType): void {
  const paths = appType === 'CUSTOMER' ? readsOf(pathname) : undefined;
  if (!paths) return;
  const reads = new Map<string, Promise<unknown>>();
  const started: EarlyReads = { pathname, reads, waiting: 0 };
  const start = (path: string) => {
    const read = apiRequest(path, { auth: 'required' });
    // A failure reaches the query that takes the read; one nobody takes is dropped with it.
    read.catch(() => {});
    reads.set(path, read);
    return read;
  };
  for (const path of paths) start(path);
  // A report by its kit: read as soon as the list names the kit's sample, rather than once the page has
  // drawn with the list (a render and a round trip later on a slow phone, decision 068). Should the app
  // have moved on meanwhile, it is not asked for.
  const kitId = reportKitOf(pathname);
  const list = reads.get('/reports');
  if (kitId !== undefined && list) {
    started.waiting += 1;
    list.then(
      (answer) => {
        started.waiting -= 1;
        const path = kitReportPath(answer, kitId);
        if (path !== undefined && early === started && window.location.pathname === pathname) start(path);
      },
      () => {
        started.waiting -= 1;
      },
    );
  }
  early = started;
}

/**
 * The early read of `path`, handed out once, and only while the app is still at the address it opened
 * with: after that, or after a navigation, every read goes to the server again.
 */
function takeEarlyRead(path: string): Promise<unknown> | undefined {
  if (early === null) return undefined;
  if (window.location.pathname !== early.pathname) {
    early = null;
    return undefined;
  }
  const read = early.reads.get(path);
  early.reads.delete(path);
  if (early.reads.size === 0 && early.waiting === 0) early = null;
  return read;
}

/** A signed-in GET of `path`, answered by its early read when there is one, checked against `schema`. */
export async function pageRead<T>(
  path: string,
  signal: AbortSignal,
  schema: { parse: (data: unknown) => T },
): Promise<T> {
  const read = takeEarlyRead(path);
  if (read === undefined) return apiRequest(path, { auth: 'required', signal }, schema);
  return schema.parse(await read);
}
