import type { RichMenu } from '@tsunagu/contracts';
import { useState } from 'react';
import { errorText } from '@/lib/api-error';
import { Loading } from '@/ui/loading';
import { useRichMenuInsight } from '../api/rich-menus-api';

const n = (value: number) => value.toLocaleString('ja-JP');

/**
 * タップ数 (decision 0262): our own count of postback taps per area (all time) beside LINE's
 * insight for the live menu (the last 30 days). Asked on demand: LINE allows 60 reads an hour.
 * Below LINE's privacy threshold LINE gives no counts, and the screen says so.
 */
export function TapsSection({ menu }: { menu: RichMenu }) {
  const [asked, setAsked] = useState(false);
  const insight = useRichMenuInsight(menu.id, asked);
  return (
    <section className="rm-section" aria-labelledby="rm-taps-title">
      <h2 id="rm-taps-title">タップ数</h2>
      {!asked ? (
        <button type="button" className="btn" onClick={() => setAsked(true)}>
          タップ数を見る
        </button>
      ) : insight.isPending ? (
        <Loading />
      ) : insight.isError ? (
        <p className="notice notice--error" role="alert">
          {errorText(insight.error)}
        </p>
      ) : (
        <>
          {insight.data.line ? (
            <p>
              LINEの集計（{insight.data.from}〜{insight.data.to}）：表示{' '}
              {n(insight.data.line.impressions)}回（{n(insight.data.line.impression_users)}人）
            </p>
          ) : (
            <p className="text-muted">{insight.data.line_note}</p>
          )}
          <table className="rm-table">
            <thead>
              <tr>
                <th scope="col">領域</th>
                <th scope="col">このツールで数えたタップ</th>
                <th scope="col">LINEの集計</th>
              </tr>
            </thead>
            <tbody>
              {menu.areas.map((_, index) => {
                const ours = insight.data.ours.find((row) => row.area === index);
                const line = insight.data.line?.areas.find((row) => row.area === index);
                return (
                  <tr key={index}>
                    <td>タップ領域{index + 1}</td>
                    <td>{ours ? `${n(ours.taps)}回（${n(ours.friends)}人）` : '—'}</td>
                    <td>{line ? `${n(line.taps)}回（${n(line.users)}人）` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="text-muted">
            このツールで数えるのは、アクションを実行する領域（ポストバック・日時選択）のタップです。
          </p>
        </>
      )}
    </section>
  );
}
