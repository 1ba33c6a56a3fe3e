import { configSchema, type Config } from '../../src/config.js';

export const TEST_PASSWORD = 'test-password-123';

/** The configuration of a test app: the demo seed with TEST_PASSWORD, silent, no web build. */
export function testConfig(env: Record<string, string> = {}): Config {
  return configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: TEST_PASSWORD,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
}
