import type { z } from 'zod';

/**
 * Page-level preloaded resources (REF-08, decision 0144): the server writes some of the
 * signed-in operator's data into index.html as `<script type="application/json"
 * id="preload-{key}">`. A screen reads one by key instead of calling the API. Each resource is
 * taken once — after that the screen's cache (refreshed by its own calls) is the truth, so
 * edits made since the page loaded are never undone by the page's old copy.
 */
export function takePreloaded<T>(key: string, schema: z.ZodType<T>): T | undefined {
  const element = document.getElementById(`preload-${key}`);
  if (!element || element.getAttribute('type') !== 'application/json') return undefined;
  element.remove();
  try {
    const parsed = schema.safeParse(JSON.parse(element.textContent ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
