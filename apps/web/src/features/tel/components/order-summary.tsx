import {
  telOrderWarningLines,
  type TelOrderSummary,
  type TelOrderWarnings,
} from '@tsunagu/contracts';
import { MessageStatusBadge } from './status-badge';

/** What ordering will do with some messages (issue 10), verbatim; nothing when all is well. */
export function OrderWarnings({ warnings }: { warnings: TelOrderWarnings }) {
  const lines = telOrderWarningLines(warnings);
  if (lines.length === 0) return null;
  return (
    <ul className="notice tel-warnings" data-testid="tel-order-warnings">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Messages per status, every status shown (zeros too) so the row reads the same each time. */
export function StatusCounts({ summary }: { summary: TelOrderSummary }) {
  return (
    <dl className="tel-status-counts" aria-label="ステータス別の件数">
      <div>
        <dt>合計</dt>
        <dd>{summary.count_all.toLocaleString('ja-JP')}件</dd>
      </div>
      {summary.status_counts.map(({ status, count }) => (
        <div key={status} data-status={status}>
          <dt>
            <MessageStatusBadge status={status} />
          </dt>
          <dd>{count.toLocaleString('ja-JP')}件</dd>
        </div>
      ))}
    </dl>
  );
}
