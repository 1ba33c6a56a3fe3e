// Types of pg-temp.mjs for the TypeScript callers (apps/server/test, e2e): the server's
// throwaway cluster (decision 0213).
import type { ThrowawayCluster } from '../apps/server/src/db/throwaway-cluster.js';

export type TempPostgres = ThrowawayCluster;
export function startTempPostgres(options?: {
  tmpRoot?: string;
  log?: (line: string) => void;
}): Promise<ThrowawayCluster>;
