import type { z } from 'zod';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call as both sides see it: the server registers its route from it, the web calls it
 * through it. `path` is written as the server registers it (Fastify style: `:id` a parameter,
 * `::` a literal colon, as in the spec's `/api/retake/update/id:{id}`). `response` is the 200 answer.
 */
export interface Endpoint {
  method: EndpointMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * An upload: the text fields of its multipart/form-data body, sent before the `file` part. They also
   * tell apart the targets that share an upload path (`UPLOAD_PATHS`).
   */
  form?: z.ZodObject;
  response: z.ZodType;
}

/** Declares an endpoint, keeping its exact schema types for both sides. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/**
 * What a caller sends for a schema. A body taken in two spellings (`aliased()`: a loose object of
 * every spelling piped into the canonical one) is sent in its canonical spelling.
 */
type InputOf<S> =
  S extends z.ZodPipe<infer Spellings, infer Canonical>
    ? string extends keyof z.input<Spellings>
      ? z.input<Canonical>
      : z.input<S>
    : S extends z.ZodType
      ? z.input<S>
      : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the caller sends: path parameters, query string and JSON body, before the server's parsing. */
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;
/** An upload's form fields as both sides hold them (ids as numbers; they travel as text). */
export type EndpointForm<E extends Endpoint> = OutputOf<E['form']>;

/** What the handler receives once the server parsed them (coerced numbers, defaults filled). */
export type ParsedParams<E extends Endpoint> = OutputOf<E['params']>;
export type ParsedQuery<E extends Endpoint> = OutputOf<E['query']>;
export type ParsedBody<E extends Endpoint> = OutputOf<E['body']>;

/** The 200 answer as the caller reads it. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
/** The 200 answer as the handler may return it (before the serializer applies defaults). */
export type EndpointReply<E extends Endpoint> = z.input<E['response']>;
