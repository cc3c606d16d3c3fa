/** Whether a request's path (as sent, without its query) is under a route's own paths, the API prefix given. */
export type OwnsPath = (pathname: string, prefix: string) => boolean;

const USERS_PERMISSIONS = /^\/(auth|connect|users|users-permissions)(\/|$)/;

/**
 * The paths of the built-in routes whose modules are imported on their first request (extensions.ts), each route
 * checking its own the same way.
 */
export const ROUTE_PATHS = {
  /** `<prefix>/_cms/…`: a document's transitions and history (cms-routes.ts). */
  cms: (pathname, prefix) => pathname.startsWith(`${prefix}/_cms/`),
  /** `<prefix>/auth|connect|users|users-permissions…`: Strapi's users-permissions plugin (auth-routes.ts). */
  auth: (pathname, prefix) => pathname.startsWith(`${prefix}/`) && USERS_PERMISSIONS.test(pathname.slice(prefix.length)),
  /** `<prefix>/upload` and under it: Strapi's upload plugin, the media library (upload-routes.ts). */
  upload: (pathname, prefix) => pathname === `${prefix}/upload` || pathname.startsWith(`${prefix}/upload/`),
} satisfies Record<string, OwnsPath>;
