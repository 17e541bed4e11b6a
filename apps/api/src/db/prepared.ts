import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { layerOff } from '../config.ts';
import type { Db, DbOrTx } from './client.ts';

/**
 * A statement built once per database and then reused with new parameters. Drizzle's query building
 * and PostgreSQL's planning otherwise run again on every request of a hot endpoint (the sign-in check
 * runs on every authenticated request).
 */
export function preparedFor<T, D extends DbOrTx = Db>(build: (db: D) => T): (db: D) => T {
  const statements = new WeakMap<D, T>();
  return (db) => {
    if (layerOff('prepared')) return unnamed(build(db));
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * The bench's B of the `prepared` layer (config.ts, SPEED_LAYERS, issue 31): the statement drizzle has just
 * built for this call, sent without its name, so PostgreSQL parses and plans it again, as it does for
 * `await db.select()…`. The name sits in node-postgres's query settings of drizzle's prepared query
 * (drizzle's PGlite driver never sends one).
 */
function unnamed<T>(statement: T): T {
  const { queryConfig, rawQueryConfig } = statement as {
    queryConfig?: { name?: string | undefined };
    rawQueryConfig?: { name?: string | undefined };
  };
  if (queryConfig) queryConfig.name = undefined;
  if (rawQueryConfig) rawQueryConfig.name = undefined;
  return statement;
}

const dialect = new PgDialect();

/**
 * A hand-written statement with `sql.placeholder`s, turned into SQL text once and prepared by name on
 * each connection (node-postgres sends the text only the first time a connection runs it). For writes
 * that drizzle's builders cannot express in one statement, such as a CTE that updates one table and then
 * another; it resolves to the rows the statement returns.
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const prepared = preparedFor((db: DbOrTx) =>
    db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
      // Unprepared (the bench's B), the text is written again for each call, as `db.execute(sql)` does.
      layerOff('prepared') ? dialect.sqlToQuery(statement) : query,
      undefined,
      name,
      false,
    ),
  );
  return async (db: DbOrTx, values: Record<string, unknown>) => (await prepared(db).execute(values)).rows;
}
