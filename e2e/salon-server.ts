// The salon browser tests host the BUILT app (apps/server/dist/app.js, the same bundle code as
// dist/server.js) in the Playwright worker, on its own port and in-memory PGlite with the demo
// seed, so a test can act as a customer through the server's member-request service — the
// member side has no HTTP door yet, and PGlite allows one process per database (decision 0073).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base } from '@playwright/test';
import { ROOT } from '../scripts/built-server.mjs';
import { DEMO_PASSWORD } from './demo-users';

export type SalonRef = { id: number; accountId: number };
type MemberRequests = {
  requestReservation(
    salon: SalonRef,
    memberId: number,
    input: {
      date: string;
      from: string;
      to: string;
      course_id: number | null;
      salon_resource_id: number | null;
      sub_resource_ids: number[];
      comment: string;
    },
  ): Promise<number>;
  requestChange(
    salon: SalonRef,
    memberId: number,
    reservationId: number,
    change: { date: string; from: string; to: string },
  ): Promise<number>;
};
type BuiltApp = {
  db: unknown;
  log: unknown;
  listen(options: { host: string; port: number }): Promise<string>;
  close(): Promise<void>;
};

export type SalonServer = { url: string; memberRequests: MemberRequests; close(): Promise<void> };

async function importBuilt<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, 'apps/server/dist', file)).href)) as T;
}

export async function startSalonServer(): Promise<SalonServer> {
  const { buildApp } = await importBuilt<{ buildApp(config: unknown): Promise<BuiltApp> }>(
    'app.js',
  );
  const { loadConfig } = await importBuilt<{ loadConfig(env: object): unknown }>('config.js');
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.DATABASE_URL; // always its own fresh database
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsunagu-e2e-salon-'));
  const app = await buildApp(
    loadConfig({
      ...env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      REALTIME_DEBUG: 'false',
    }),
  );
  // The member side as the booking page will build it, from the module's own factories, with
  // the same event publisher, so the console's streams see the requests.
  const reservations = await importBuilt<{
    createReservationCore(deps: { db: unknown; publish: unknown }): unknown;
    createMemberRequestService(core: unknown): MemberRequests;
  }>('salon-reservations.js');
  const { createEventPublisher } = await importBuilt<{
    createEventPublisher(db: unknown, log: unknown): unknown;
  }>('realtime.js');
  const memberRequests = reservations.createMemberRequestService(
    reservations.createReservationCore({
      db: app.db,
      publish: createEventPublisher(app.db, app.log),
    }),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    memberRequests,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `test` with a salon server of its own per worker; pages open on it. */
export const salonTest = base.extend<object, { salonServer: SalonServer }>({
  salonServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startSalonServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ salonServer }, use) => {
    await use(salonServer.url);
  },
});
