import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SurveyDefinition, surveyDefinitionSchema } from './definition.ts';

/**
 * The published questionnaire files (`definitions/<slug>.v<version>.json`), read by the API at start-up.
 * Node only (it reads the disk): exported as `@portal/domain/questionnaire/definition-files`, never
 * from the package's index, so the web app's bundle does not see it.
 */
export const definitionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'definitions');

/** Reads every definition file (name `<slug>.v<version>.json`), checking each against the schema. */
export function readDefinitionFiles(dir = definitionsDir): SurveyDefinition[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.v\d+\.json$/.test(f))
    .sort()
    .map((file) => {
      const parsed = surveyDefinitionSchema.safeParse(
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      );
      if (!parsed.success) throw new Error(`Questionnaire ${file} is invalid: ${parsed.error.message}`);
      return parsed.data;
    });
}
