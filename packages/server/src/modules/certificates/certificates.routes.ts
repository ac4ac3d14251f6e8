import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CertificatesService } from './certificates.service.js';

export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (_app, _services) => {};
