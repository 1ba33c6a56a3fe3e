// Where the browser tests' servers keep their data: a database of their own each, on the
// PostgreSQL of the run that global-setup.ts names in this variable.
export const DATABASE_SERVER_ENV = 'E2E_DATABASE_SERVER_URL';

export function databaseServerUrl(): string {
  const url = process.env[DATABASE_SERVER_ENV];
  if (!url) throw new Error(`${DATABASE_SERVER_ENV} is unset: e2e/global-setup.ts sets it`);
  return url;
}
