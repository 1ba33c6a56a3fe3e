/**
 * How an external system calls in (decision 0170), with this console's own address, so the
 * person wiring a POS or a form tool can copy a working request.
 */
export function UsageHint() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const example = [
    `curl -X POST ${origin}/api/open_api/events \\`,
    `  -H 'Authorization: Bearer {APIキー}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: receipt-1001' \\`,
    `  -d '{"event":"purchase","label":"レシート1001","params":{"amount":5400},"line_user_id":"U…"}'`,
  ].join('\n');
  return (
    <details className="trigger-usage">
      <summary>外部システムからの送り方</summary>
      <p>
        友だちは <code>line_user_id</code> か、予約のときに友だちが入力した電話番号 <code>tel</code>{' '}
        で指定します。同じ <code>Idempotency-Key</code>{' '}
        で送り直しても、アクションは一度だけ実行されます。
      </p>
      <pre className="trigger-usage__example">{example}</pre>
    </details>
  );
}
