/**
 * The embedded cluster's server settings (decision 0205), given to the postmaster on its command
 * line at every start, so a new release's settings apply to an old data folder too.
 */

/** Settings for a small shop: one server and a worker on a 1–2 GB machine (decision 0205). */
export const SMALL_SHOP_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '127.0.0.1',
  max_connections: '40',
  // Every backend's RSS counts each shared buffer it touched: 16 MB (not 32) caps that per
  // backend; the OS page cache still holds the rest of a small shop's data (decision 0490).
  shared_buffers: '16MB',
  // What 32 MB of shared_buffers gave (its 1/32): the WAL path of a bulk write is unchanged.
  wal_buffers: '1MB',
  // The background writer's cleaning scan reads every buffer ahead of the clock sweep (its RSS
  // grew 5 → 15 MB at 16 MB of buffers); without it a backend writes a dirty buffer it reuses
  // (to the page cache; the WAL and the checkpointer keep durability as before).
  bgwriter_lru_maxpages: '0',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  // No replication from an embedded cluster: less WAL for bulk writes (backups are logical).
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  // PostgreSQL 18's default io_method=worker keeps three extra I/O processes.
  io_method: 'sync',
  max_worker_processes: '2',
  // No subscriptions: no logical replication launcher process.
  max_logical_replication_workers: '0',
  max_sync_workers_per_subscription: '0',
  max_parallel_workers: '0',
  max_parallel_workers_per_gather: '0',
  max_parallel_maintenance_workers: '0',
  // One autovacuum worker at a time: each is a process of its own (decision 0490).
  autovacuum_max_workers: '1',
  jit: 'off',
  huge_pages: 'off',
  timezone: 'UTC',
  log_timezone: 'UTC',
  log_min_messages: 'warning',
};
