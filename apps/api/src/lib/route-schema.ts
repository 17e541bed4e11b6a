import { apiErrorSchema } from '@portal/domain';
import { z } from 'zod';

/** The staff console's OpenAPI tag. */
export const tags = ['staff'];
/** A route that takes the bearer token. */
export const security = [{ bearerAuth: [] }];
/** The answers of a route refused to a caller without the right token or role. */
export const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
/** The error answers of a signed-in route that reads and changes records, all in the one error shape. */
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
