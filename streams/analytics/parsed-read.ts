import { map, type OperatorFunction } from 'rxjs';
import type { z } from 'zod';
import type { AnalyticsRead } from './reads';

/**
 * Operator: a read with its data parsed by `schema`, so the screen works with the type the answer
 * was checked against rather than one it was assumed to have; an answer of another shape fails
 * the read, which the screen shows as a failed read instead of drawing from missing fields.
 */
export function parsedRead<S extends z.ZodType>(
  schema: S,
): OperatorFunction<AnalyticsRead<unknown>, AnalyticsRead<z.output<S>>> {
  return map((read) => ({ ...read, data: schema.parse(read.data) }));
}
