import { describe, expect, it } from 'vitest';
import { boundaryViolation } from './boundaries.js';

// These guard the guard: if a boundary stopped being enforced, the lint run would stay green.
describe('architecture boundaries', () => {
  it('forbids the web app from importing the server', () => {
    expect(boundaryViolation('apps/web/src/app/router.tsx', '../../../server/src/app.js')).toMatch(
      /web app/,
    );
    expect(boundaryViolation('apps/web/src/main.tsx', '@tsunagu/server')).toMatch(/web app/);
  });
  it('forbids the server from importing the web app', () => {
    expect(boundaryViolation('apps/server/src/app.ts', '../../web/src/main.js')).toMatch(/server/);
  });
  it('forbids one feature from importing another', () => {
    expect(
      boundaryViolation('apps/web/src/features/tel/pages/list.tsx', '../../roles/api/get-roles.js'),
    ).toMatch(/feature "tel"/);
    expect(
      boundaryViolation(
        'apps/web/src/features/tel/pages/list.tsx',
        '@/features/roles/api/get-roles.js',
      ),
    ).toMatch(/feature "tel"/);
  });
  it('allows a feature to import itself, ui and contracts', () => {
    expect(
      boundaryViolation('apps/web/src/features/tel/pages/list.tsx', '../api/get-list.js'),
    ).toBeNull();
    expect(
      boundaryViolation('apps/web/src/features/tel/pages/list.tsx', '../../../ui/toast/toast.js'),
    ).toBeNull();
    expect(
      boundaryViolation('apps/web/src/features/tel/pages/list.tsx', '@tsunagu/contracts'),
    ).toBeNull();
  });
  it('forbids ui from importing features or app', () => {
    expect(
      boundaryViolation('apps/web/src/ui/select/select.tsx', '../../features/tel/api/x.js'),
    ).toMatch(/ui\//);
  });
  it('forbids config (the one table of paths) from importing features or app', () => {
    expect(boundaryViolation('apps/web/src/config/paths.ts', '../app/route-table.js')).toMatch(
      /config\//,
    );
    expect(boundaryViolation('apps/web/src/features/tel/paths.ts', '@/config/paths')).toBeNull();
  });
  it('forbids services from importing Fastify', () => {
    expect(boundaryViolation('apps/server/src/modules/roles/service.ts', 'fastify')).toMatch(
      /Fastify/,
    );
    expect(boundaryViolation('apps/server/src/modules/roles/routes.ts', 'fastify')).toBeNull();
  });
  it('lets a server module use another only through its index.ts', () => {
    const from = 'apps/server/src/modules/salon-shifts/service.ts';
    expect(boundaryViolation(from, '../salon-resources/repository.js')).toMatch(
      /module "salon-resources" through its index\.ts/,
    );
    expect(boundaryViolation(from, '../salon-resources/index.js')).toBeNull();
    expect(boundaryViolation(from, './repository.js')).toBeNull();
    expect(boundaryViolation(from, '../../db/rows.js')).toBeNull();
    expect(boundaryViolation('apps/server/src/app.ts', './modules/tel/routes.js')).toMatch(
      /module "tel"/,
    );
    expect(boundaryViolation('apps/server/src/app.ts', './modules/tel/index.js')).toBeNull();
  });
});
