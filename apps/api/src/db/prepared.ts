import type { Db } from './client.ts';

/**
 * A statement built once per database and then reused with new parameters. Drizzle's query building
 * and PostgreSQL's planning otherwise run again on every request of a hot endpoint (the sign-in check
 * runs on every authenticated request).
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
