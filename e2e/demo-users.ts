// The demo seed (SEED_DEMO=true): `demo` owns account 1 with every permission key, `staff` in
// account 1 has no write keys, `other` belongs to account 2. All share DEMO_PASSWORD, which the
// global setup passes to the server it starts.
export const DEMO_PASSWORD = 'tsunagu-e2e-password';
export const BRAND_LABEL = 'つなぐ'; // account 1's reseller code 'tsunagu'

export type DemoUser = 'demo' | 'staff' | 'other';
