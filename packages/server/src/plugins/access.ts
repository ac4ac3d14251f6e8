import { ALL_ROLES, type RoleId, SECTIONS, type SectionKey } from '@oqu/contracts';

/** Who may call a route. Every route declares one; a route without it answers 500 (fail closed). */
export type Access = { public: true } | { public?: false; roles: readonly RoleId[]; section?: SectionKey };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const publicRoute = { access: { public: true } } as const satisfies { access: Access };
export const anySignedIn = { access: { roles: ALL_ROLES } } satisfies { access: Access };
export const forSection = (section: SectionKey) => ({ access: { roles: SECTIONS[section].roles, section } }) satisfies { access: Access };
