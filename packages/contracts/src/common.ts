import { z } from 'zod';
import { id, wholeNumber } from './input.js';

/** Every answer carries `status` and `message` (learner-and-instructor.md §7). */
export const envelope = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.boolean(), message: z.string(), ...shape });

export const okEnvelope = envelope({});

export const pagedEnvelope = <T extends z.ZodType>(item: T) =>
  envelope({ data: z.array(item), pages: z.number().int(), total: z.number().int() });

/** A refusal: HTTP 4xx/5xx with this body; `fields` lists what failed validation. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A route's refusals for its OpenAPI responses: `errorEnvelope` under each of these statuses. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorEnvelope])) as Record<S, typeof errorEnvelope>;

export const idParam = z.object({ id });

export const pageQuery = z.object({ page: wholeNumber(1).default(1) });

/**
 * For the lists the spec calls unpaged: `?page=` asks for a page (`pages`, `total` as in
 * `pagedEnvelope`); without it the answer is the old `data` alone, at most UNPAGED_MAX_ROWS rows.
 */
export const optionalPageQuery = z.object({ page: pageQuery.shape.page.unwrap().optional() });
export const pageableEnvelope = <T extends z.ZodType>(item: T) =>
  envelope({ data: z.array(item), pages: z.number().int().optional(), total: z.number().int().optional() });

/**
 * Accepts the spec's second spelling of a field (`roleID` for `RoleID`, `iin` for `IIN`…):
 * the alias is copied onto the canonical name, then the canonical object is validated.
 * The first object documents both spellings in OpenAPI.
 */
export function aliased<S extends z.ZodRawShape>(shape: S, aliases: Record<string, keyof S & string>) {
  // Defaults are left to the canonical object, so that an alias can still fill a defaulted field.
  const optional = (type: unknown) => {
    const zodType = type as z.ZodType;
    return (zodType instanceof z.ZodDefault ? (zodType.unwrap() as z.ZodType) : zodType).optional();
  };
  const loose: Record<string, z.ZodType> = {};
  for (const [key, type] of Object.entries(shape)) loose[key] = optional(type);
  for (const [alias, canonical] of Object.entries(aliases)) loose[alias] = optional(shape[canonical]);
  return z
    .object(loose)
    .transform((value) => {
      const merged: Record<string, unknown> = { ...value };
      for (const [alias, canonical] of Object.entries(aliases)) {
        if (merged[canonical] === undefined) merged[canonical] = merged[alias];
        delete merged[alias];
      }
      return merged;
    })
    .pipe(z.object(shape));
}
