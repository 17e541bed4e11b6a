import pg from 'pg';

/** A node-postgres pool that survives lost connections: the embedded database and PostgreSQL both use it. */
export function openPool(config: pg.PoolConfig, name = 'database'): pg.Pool {
  // A connect timeout, so requests fail fast (503) while the database is unreachable instead of hanging.
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, ...config });
  // An idle connection dropped by the server (restart, network cut, the embedded database's thread
  // stopping) must not crash the process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`${name} connection lost: ${error.message}`));
  // The pool listens for errors only while a connection is idle. A connection lost while checked out
  // between two statements (inside a transaction) emits 'error' on the client itself, which would be an
  // uncaught exception; the statement in progress already fails with it, so only note it here.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`${name} connection lost in use: ${error.message}`));
  });
  return pool;
}
