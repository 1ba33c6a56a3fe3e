// Lint-enforced architecture boundaries (BRIEF §1, STYLE "bulletproof-react"):
// - apps/web never imports apps/server, and apps/server never imports apps/web;
// - packages/contracts imports neither app;
// - inside the web app: ui, config ← features ← app, and features never import each other;
// - inside the server: services do not import Fastify, and a module is used from outside its
//   folder only through its index.ts (its public surface: plugins, factories, read interfaces).
// Zones are derived from folder names, so a new feature or module folder is covered without edits.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const SERVER_MODULES = path.join(SERVER_SRC, 'modules');

function resolveTarget(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  if (specifier.startsWith('@/')) return path.join(WEB_SRC, specifier.slice(2));
  if (specifier === '@tsunagu/server' || specifier.startsWith('@tsunagu/server/'))
    return path.join(ROOT, 'apps/server');
  if (specifier === '@tsunagu/web' || specifier.startsWith('@tsunagu/web/'))
    return path.join(ROOT, 'apps/web');
  return null;
}

function within(file, dir) {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function featureOf(file) {
  const features = path.join(WEB_SRC, 'features');
  if (!within(file, features)) return null;
  return path.relative(features, file).split(path.sep)[0] || null;
}

function serverModuleOf(file) {
  if (!within(file, SERVER_MODULES)) return null;
  return path.relative(SERVER_MODULES, file).split(path.sep)[0] || null;
}

/** The module's public surface: `modules/<name>/index.ts` (imported as index.js or index.ts). */
function isModuleIndex(target, module) {
  const relative = path.relative(path.join(SERVER_MODULES, module), target);
  return /^index(\.(js|ts))?$/.test(relative) || relative === '';
}

/** Returns a reason when importing `target` from `file` crosses a boundary, else null. */
export function boundaryViolation(file, specifier) {
  const absoluteFile = path.resolve(file);
  const inWeb = within(absoluteFile, path.join(ROOT, 'apps/web'));
  const inServer = within(absoluteFile, path.join(ROOT, 'apps/server'));
  const inContracts = within(absoluteFile, path.join(ROOT, 'packages/contracts'));

  if (inServer && /(^|\/)service\.ts$/.test(absoluteFile)) {
    if (specifier === 'fastify' || specifier.startsWith('@fastify/'))
      return 'services do not import Fastify; keep HTTP in routes.ts';
  }

  const target = resolveTarget(absoluteFile, specifier);
  if (!target) return null;

  if (inWeb && within(target, path.join(ROOT, 'apps/server')))
    return 'the web app must not import the server (share code through packages/contracts)';
  if (inServer && within(target, path.join(ROOT, 'apps/web')))
    return 'the server must not import the web app (share code through packages/contracts)';
  if (inContracts && within(target, path.join(ROOT, 'apps')))
    return 'packages/contracts must not import the apps';

  const toModule = serverModuleOf(target);
  if (within(absoluteFile, SERVER_SRC) && toModule && serverModuleOf(absoluteFile) !== toModule) {
    if (!isModuleIndex(target, toModule))
      return `use module "${toModule}" through its index.ts, not its files`;
  }

  for (const shared of ['ui', 'config']) {
    if (!within(absoluteFile, path.join(WEB_SRC, shared))) continue;
    if (within(target, path.join(WEB_SRC, 'features')) || within(target, path.join(WEB_SRC, 'app')))
      return `${shared}/ is shared: it must not import features/ or app/`;
  }
  const fromFeature = featureOf(absoluteFile);
  if (fromFeature) {
    if (within(target, path.join(WEB_SRC, 'app')))
      return 'features must not import app/; compose features in route files instead';
    const toFeature = featureOf(target);
    if (toFeature && toFeature !== fromFeature)
      return `feature "${fromFeature}" must not import feature "${toFeature}"; compose them in app/`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the architecture boundaries' },
    schema: [],
    messages: { crossed: '{{reason}}' },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const reason = boundaryViolation(file, source.value);
      if (reason) context.report({ node, messageId: 'crossed', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { boundaries: rule } };
