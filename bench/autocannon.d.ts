/** The part of autocannon's API the benchmarks use (the package ships no types of its own). */
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
    /** Requests a second across all connections (unset: as fast as the server answers). */
    overallRate?: number;
    /** Called with each connection's client; setRequests replaces what that connection sends. */
    setupClient?: (client: Client) => void;
  };
  type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
  type Client = { setRequests(requests: Request[]): void };
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
