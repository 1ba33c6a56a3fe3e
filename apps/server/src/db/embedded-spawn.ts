import type { OsUser } from './embedded-binaries.js';

/**
 * How the embedded binaries are run: a C locale and UTC for the child (the cluster's own
 * settings decide its locale and zone), none of the caller's PG* variables (a PGDATABASE or
 * PGPORT of the operator's shell must not steer initdb or the postmaster), and as the cluster's
 * user when this process is root.
 */
export function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C', TZ: 'UTC' };
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG') && !key.startsWith('LC_') && key !== 'LANG') env[key] = value;
  }
  return env;
}

export const asUser = (user: OsUser | undefined) => (user ? { uid: user.uid, gid: user.gid } : {});
