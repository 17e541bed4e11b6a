import { z } from 'zod';

/* The journey's response (Journey of @portal/domain/report), checked on the way out. */

const metricRecord = <T extends z.ZodType>(value: T) =>
  z.object({
    richness: value,
    shannon: value,
    inverseSimpson: value,
    evenness: value,
    gmwi2: value,
    gmhi: value,
  });

const taxonChange = z.object({
  name: z.string(),
  label: z.string(),
  before: z.number(),
  after: z.number(),
  change: z.number(),
});

const comparedSample = z.object({
  sampleIdentifier: z.string(),
  name: z.string(),
  displayDate: z.string(),
  database: z.string().nullable(),
});

export const journeySchema = z.object({
  points: z.array(
    z.object({
      sampleIdentifier: z.string(),
      name: z.string(),
      displayDate: z.string(),
      database: z.string().nullable(),
      values: metricRecord(z.number().nullable()),
      notes: z.array(z.string()),
      newDatabase: z.boolean(),
      changes: metricRecord(z.object({ delta: z.number(), meaningful: z.boolean() }).nullable()),
    }),
  ),
  bands: metricRecord(z.object({ low: z.number(), high: z.number(), note: z.string() }).nullable()),
  thresholds: metricRecord(z.number()),
  rule: z.string(),
  source: z.string(),
  compared: z.object({ before: comparedSample, after: comparedSample }).nullable(),
  rose: z.array(taxonChange),
  fell: z.array(taxonChange),
});
