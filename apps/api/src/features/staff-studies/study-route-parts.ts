import { apiErrorSchema } from '@portal/domain';
import { z } from 'zod';

/** What every route of the studies console shares in its OpenAPI schema. */
export const tags = ['staff'];
export const security = [{ bearerAuth: [] }];
export const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A path's record number (a PostgreSQL integer), refused in plain words when it is not one. */
export const recordNumber = (what: string) =>
  z.coerce
    .number({ error: `That is not a ${what} number.` })
    .int()
    .positive()
    .max(2_147_483_647);
