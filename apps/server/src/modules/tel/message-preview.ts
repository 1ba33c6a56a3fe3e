import { TEL_PREVIEW_PROBLEMS, type TelMessagePreview } from '@tsunagu/contracts';
import { renderMessages } from './render.js';

/**
 * What the customer would receive, rendered exactly as the dispatcher renders it (render.ts):
 * the template body with `[param_N]` replaced by this message's parameters.
 */
export function previewMessage(row: {
  templateId: number;
  params: Record<string, string>;
  templateName: string | null;
  templateBody: string | null;
}): TelMessagePreview {
  const base = { template_id: row.templateId, template_name: row.templateName, bubbles: [] };
  if (row.templateId === 0) return { ...base, problem: TEL_PREVIEW_PROBLEMS.invalidTemplate };
  if (row.templateBody === null) return { ...base, problem: TEL_PREVIEW_PROBLEMS.templateMissing };
  let rendered: unknown[];
  try {
    rendered = renderMessages(row.templateBody, row.params);
  } catch {
    return { ...base, problem: TEL_PREVIEW_PROBLEMS.bodyUnreadable };
  }
  const bubbles = rendered.map((message) => {
    const { type, text } = (message ?? {}) as { type?: unknown; text?: unknown };
    return {
      type: typeof type === 'string' ? type : '',
      text: type === 'text' && typeof text === 'string' ? text : null,
    };
  });
  return { ...base, bubbles, problem: null };
}
