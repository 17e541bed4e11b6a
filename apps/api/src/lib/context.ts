import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobQueue } from './job-queue.ts';

/** What every feature needs from the running app, passed explicitly to service functions. */
export type AppContext = {
  config: Config;
  db: Db;
  jwtSecret: string;
  opsKey: string;
  /** The brand, public address and support email used in emails. */
  mail: { brand: string; publicUrl: string; supportEmail: string };
  /** The job queue (plugins/jobs.ts puts it here when it registers); mail is queued through it. */
  jobs: JobQueue;
  /** The time, for rules that depend on it (the lab's one-minute undo); tests inject a clock. */
  now?: () => Date;
};

/** The app's time: its injected clock, else the system's. */
export const nowOf = (ctx: Pick<AppContext, 'now'>): Date => (ctx.now ? ctx.now() : new Date());

const unregistered = () => Promise.reject(new Error('the jobs plugin has not registered'));
/** AppContext.jobs until the jobs plugin registers: any use before then is a wiring mistake. */
export const jobsNotRegistered: JobQueue = {
  send: unregistered,
  insert: unregistered,
  list: unregistered,
  ready: unregistered,
  stop: unregistered,
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /**
     * Shutdown, before the drain: /readyz answers 503 from now on, so a load balancer stops sending
     * requests here, while every other request is still served as usual (SHUTDOWN_GRACE_SECONDS).
     */
    leave(): void;
    /**
     * Shutdown, first half: from now on new requests get 503 while the listener stays open, and this
     * resolves once every request already in progress has been answered and at least minimumMs have
     * passed (so clients and a load balancer hear the 503 instead of a refused connection), or after
     * timeoutMs.
     */
    drain(timeoutMs: number, minimumMs?: number): Promise<void>;
  }
}
