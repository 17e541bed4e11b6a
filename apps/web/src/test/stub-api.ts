import { vi } from 'vitest';

/** One request the page sent, as the stubbed API saw it. */
export type ApiCall = {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
};
export type Reply = { status: number; body?: unknown };
/** Answers keyed 'METHOD /api/path'. */
/** A reply may be held back (a promise): the page then waits, as it would for a slow server. */
export type Routes = Record<string, (call: ApiCall) => Reply | Promise<Reply>>;

export const replyError = (status: number, message: string, code = 'ERROR'): Reply => ({
  status,
  body: { message, code },
});

/** Replaces fetch with `routes`; anything else is a 404 in the API's error shape. Returns the calls seen. */
export function stubApi(routes: Routes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const [path = '', query = ''] = String(input).split('?');
      const call: ApiCall = {
        method,
        path,
        query,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const reply = (await routes[`${method} ${path}`]?.(call)) ?? replyError(404, 'Not found', 'NOT_FOUND');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
