// Types of test-databases.mjs for the TypeScript callers (apps/server/test, e2e).
export function databaseName(prefix: string): string;
export function databaseUrl(serverUrl: string, name: string): string;
export function createDatabase(
  serverUrl: string,
  options?: { prefix?: string; template?: string },
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
export function dropDatabase(serverUrl: string, name: string): Promise<void>;
export function freezeAsTemplate(serverUrl: string, name: string): Promise<void>;
export function dropTemplate(serverUrl: string, name: string): Promise<void>;
