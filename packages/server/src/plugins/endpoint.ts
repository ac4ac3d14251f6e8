import type { WebsocketHandler } from '@fastify/websocket';
import type { Endpoint, EndpointResponse, ParsedBody, ParsedParams, ParsedQuery } from '@oqu/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

/** What a route adds to its endpoint: who may call it, how the API docs describe it, its refusals. */
export interface RouteExtras {
  config: FastifyContextConfig;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    consumes?: string[];
    /** Answers other than the endpoint's 200: refusals, mostly. */
    response?: Record<number, z.ZodType>;
  };
  /** A WebSocket's upgrade goes here; the handler answers plain requests to the same address. */
  wsHandler?: WebsocketHandler;
  /** `false`: none of the page headers helmet sets (media a player fetches, not a page) */
  helmet?: false;
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParsedParams<E>;
  Querystring: ParsedQuery<E>;
  Body: ParsedBody<E>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply>;

/**
 * Registers a route from its endpoint definition in the contracts: the method, the path, the
 * params/query/body schemas and the 200 answer come from the definition the web calls through,
 * so the two cannot drift apart.
 */
export function route<E extends Endpoint>(
  app: Pick<FastifyInstance, 'route'>,
  definition: E,
  { config, schema: { response, ...docs }, wsHandler, helmet }: RouteExtras,
  handler: EndpointHandler<E>,
) {
  app.route({
    method: definition.method,
    url: definition.path,
    config,
    schema: {
      ...docs,
      // the document asks every operation for a bearer token (app.ts) unless it says it needs none
      ...(config.access?.public && { security: [] }),
      ...(definition.params && { params: definition.params }),
      ...(definition.query && { querystring: definition.query }),
      ...(definition.body && { body: definition.body }),
      response: { 200: definition.response, ...response },
    },
    handler: handler as RouteHandlerMethod,
    ...(wsHandler && { wsHandler }),
    ...(helmet === false && { helmet }),
  });
}
