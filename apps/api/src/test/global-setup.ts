import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTemplate, dropDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite folder (openPglite's dataDir) that each test file copies. */
    pgliteTemplate: string | undefined;
    /** A migrated database on TEST_DATABASE_URL's server that each test file copies. */
    postgresTemplate: string | undefined;
  }
}

/**
 * The API project's global setup: migrates one template database for the whole run, on the database
 * the tests use (test-database.ts), and removes it at the end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createPostgresTemplate(url);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', undefined);
    return () => dropDatabase(url, template);
  }
  const { root, template } = await createPgliteTemplate();
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', undefined);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
