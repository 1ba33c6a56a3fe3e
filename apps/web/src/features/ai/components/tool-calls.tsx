import type { AiToolCall } from '@tsunagu/contracts';

export const TOOL_LABELS: Record<string, string> = {
  search_faq: 'Q&A',
  list_courses: 'コースと料金',
  opening_hours: '営業時間・休業日',
  free_slots: '空き枠',
  booking_url: '予約ページURL',
  common_info: '共通情報',
};

/** The tools a run called and what each returned. */
export function ToolCalls({ tools }: { tools: readonly AiToolCall[] }) {
  if (tools.length === 0) return <p className="ai-card__hint">ツールの呼び出しはありません</p>;
  return (
    <ul className="ai-tools">
      {tools.map((call, index) => (
        <li key={index}>
          <details>
            <summary>{TOOL_LABELS[call.name] ?? call.name}</summary>
            <pre>{JSON.stringify(call.result, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
