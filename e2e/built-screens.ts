// The screens that exist, for the layout and accessibility checks (layout.spec.ts): every page
// route of the app's route table whose name route-pages.ts maps to a screen. Unlike routes.ts
// (an independent oracle of the spec's routes), this list is read from the app on purpose, so a
// screen added there — the salon screens, say — is checked here without anyone editing a test.
import fs from 'node:fs';
import path from 'node:path';
import { routeTable } from '../apps/web/src/app/route-table';

const ROUTE_PAGES = path.resolve(import.meta.dirname, '../apps/web/src/app/route-pages.ts');

/** Route names with a screen: the keys of `routePages` in route-pages.ts. */
export function builtRouteNames(source = fs.readFileSync(ROUTE_PAGES, 'utf8')): string[] {
  const start = source.indexOf('export const routePages');
  const body = source.slice(source.indexOf('{', source.indexOf('=', start)) + 1);
  const names: string[] = [];
  let depth = 0;
  // Keys at the object's own level: `Name:` or `'Name':` before any nested bracket opens.
  for (const line of body.split('\n')) {
    if (depth === 0) {
      if (/^\s*\.\.\./.test(line)) {
        throw new Error(
          `route-pages.ts spreads another object (${line.trim()}): list its keys here`,
        );
      }
      const key = /^\s*['"]?([A-Za-z]\w*)['"]?\s*:/.exec(line);
      if (key?.[1]) names.push(key[1]);
      if (/^\s*};?\s*$/.test(line)) break;
    }
    for (const char of line) {
      if (char === '(' || char === '{' || char === '[') depth += 1;
      if (char === ')' || char === '}' || char === ']') depth -= 1;
    }
    if (depth < 0) break;
  }
  return names;
}

/**
 * Where to open a route with parameters: a seeded record where the demo data has one (the demo
 * account's orders, roles and salons start at id 1), the staff role where the owner's is
 * read-only, an unknown path for the catch-all.
 */
const SAMPLE_PATHS: Record<string, string> = {
  OperatorRoleEdit: '/line/operator_roles/2',
  NotFound: '/no/such/page',
};

function samplePath(routePath: string): string {
  return routePath
    .replace(/\/:\w+\?/g, '')
    .replace(/:\w+/g, '1')
    .replace(/\/\*$/, '');
}

export type BuiltScreen = { name: string; title: string; path: string; signedIn: boolean };

export function builtScreens(): BuiltScreen[] {
  const built = new Set(builtRouteNames());
  return routeTable.flatMap((entry) => {
    if (!('handle' in entry) || !built.has(entry.handle.name)) return [];
    const { name, title } = entry.handle;
    const open = SAMPLE_PATHS[name] ?? samplePath(entry.path);
    return [{ name, title, path: open, signedIn: !entry.handle.public }];
  });
}
