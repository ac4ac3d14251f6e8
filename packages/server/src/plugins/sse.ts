import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the reply over from Fastify and sends the head of a Server-Sent Events stream at once, so
 * that frames can go straight to the socket after it. Call it only once access is settled: until
 * then refusals are ordinary JSON answers.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and the like would otherwise hold the frames back in their buffers
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  return res;
}
