import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/**
 * The embedded database on its own thread (decision 017). PGlite runs in a worker thread
 * (pglite-worker.mjs); node-postgres reaches it through a stream that carries PostgreSQL's wire protocol
 * to the worker and its replies back, as a socket carries it to a PostgreSQL server. The app therefore
 * uses the embedded database through the very driver, protocol parser and prepared statements it uses
 * on PostgreSQL, and the backend's work on a statement runs beside the server's thread instead of
 * stopping it: while one statement executes, the server goes on parsing, authorizing and answering
 * other requests.
 */
export type PgliteThread = {
  pool: SessionPool;
  close(): Promise<void>;
  /** Stops the thread at once, as a crash would (tests). */
  kill(): Promise<void>;
};

type Reply = { bytes?: Uint8Array; fatal?: string; ready?: boolean; closed?: boolean };

/**
 * node-postgres's socket to the worker. node-postgres writes a statement as several protocol messages
 * in one go (Bind, Describe, Execute, Sync); they leave together, as one message to the worker, at the
 * end of the current microtask.
 */
class WorkerSocket extends Duplex {
  private pending: Buffer[] = [];
  private scheduled = false;

  constructor(
    private readonly send: (socket: WorkerSocket, bytes: Uint8Array<ArrayBuffer>) => void,
    private readonly broken: () => Error | null,
  ) {
    super();
  }

  connect() {
    process.nextTick(() => {
      const error = this.broken();
      if (error) this.destroy(error);
      else this.emit('connect');
    });
    return this;
  }

  // Socket options that mean nothing between two threads of one process.
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.queue(chunk);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void) {
    for (const { chunk } of chunks) this.queue(chunk);
    done();
  }

  override _final(done: (error?: Error | null) => void) {
    this.push(null);
    done();
  }

  /** The worker's reply to this socket's messages. */
  receive(bytes: Uint8Array) {
    if (bytes.byteLength === 0 || this.readableEnded || this.destroyed) return;
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  private queue(chunk: Buffer) {
    // Terminate ('X'): the session is the worker's one backend, which outlives this socket.
    if (chunk.length === 5 && chunk[0] === 0x58) return;
    this.pending.push(chunk);
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      // A buffer of its own, handed over rather than copied: node-postgres's small buffers are views
      // of a shared 8 KB pool, which posting a view would copy whole.
      const bytes = new Uint8Array(this.pending.reduce((n, chunk) => n + chunk.length, 0));
      let at = 0;
      for (const chunk of this.pending) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      this.pending = [];
      this.send(this, bytes);
    });
  }
}

/** What drizzle passes: a statement (text or config) and its values. */
type Query = (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * The one session of the embedded database, shared as a pool is (drizzle takes it for one: it queries
 * it, and takes a client from it for a transaction). A statement outside a transaction is sent at once,
 * behind any still running: PostgreSQL runs each as its own transaction, in the order sent, exactly as
 * one connection would run them one after the other; the pipeline only saves the wait between them. A
 * transaction has the session to itself from its first statement to its release: statements of other
 * requests wait until then, so none of them runs inside it.
 */
export class SessionPool {
  private held: Promise<void> | null = null;

  constructor(private readonly client: pg.Client) {}

  query: Query = (config, values) => {
    if (!this.held) return this.client.query(config, values);
    return this.held.then(() => this.query(config, values));
  };

  /** The session for a transaction: the caller must release it. */
  async connect(): Promise<{ query: Query; release(): void }> {
    while (this.held) await this.held;
    let resolve = () => {};
    const held = new Promise<void>((done) => {
      resolve = done;
    });
    this.held = held;
    // Only this transaction's hold: a second release must not end the next transaction's.
    const release = () => {
      if (this.held === held) this.held = null;
      resolve();
    };
    return { query: (config, values) => this.client.query(config, values), release };
  }

  end(): Promise<void> {
    return this.client.end();
  }
}

/** Starts PGlite in a worker thread (in memory when dataDir is undefined) and a one-connection pool to it. */
export async function startPgliteThread(dataDir?: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
    // The worker is plain JavaScript: it needs none of the server's loaders or flags.
    execArgv: [],
  });
  let failure: Error | null = null;
  let exited = false;
  /** The sockets waiting for a reply, in the order their messages were sent (the worker keeps it). */
  const waiting: WorkerSocket[] = [];
  const fail = (error: Error) => {
    failure ??= error;
    for (const socket of waiting.splice(0)) socket.destroy(failure);
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if (reply.bytes) waiting.shift()?.receive(reply.bytes);
      else if (reply.ready) resolve();
      else if (reply.closed) void worker.terminate();
      else if (reply.fatal) {
        const error = new Error(`embedded database: ${reply.fatal}`);
        fail(error);
        reject(error);
      }
    });
    worker.on('error', (error) => {
      fail(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      exited = true;
      const error = new Error(`the embedded database's thread stopped (exit code ${code})`);
      fail(error);
      reject(error);
    });
  });
  await ready;

  const send = (socket: WorkerSocket, bytes: Uint8Array<ArrayBuffer>) => {
    if (failure) {
      socket.destroy(failure);
      return;
    }
    waiting.push(socket);
    worker.postMessage({ bytes }, [bytes.buffer]);
  };
  const client = new pg.Client({
    host: 'localhost',
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    // Statements of different requests go to the backend without waiting for each other's answers.
    pipeline: true,
    stream: () => new WorkerSocket(send, () => failure),
  } as pg.ClientConfig);
  client.on('error', (error) => console.warn(`embedded database connection error: ${error.message}`));
  await client.connect();
  const pool = new SessionPool(client);
  return {
    pool,
    kill: async () => {
      await worker.terminate();
    },
    async close() {
      await pool.end();
      if (exited) return;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage({ close: true });
      });
    },
  };
}
