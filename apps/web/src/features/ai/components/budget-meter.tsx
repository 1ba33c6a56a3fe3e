/** This month's cost against the budget, as a bar and in yen. */
export function BudgetMeter({ spent, budget }: { spent: number; budget: number }) {
  const ratio = budget > 0 ? Math.min(1, spent / budget) : 1;
  const yen = (value: number) => `${Math.round(value).toLocaleString('ja-JP')}円`;
  return (
    <div className="ai-meter">
      <meter
        aria-label="今月の利用額"
        min={0}
        max={1}
        low={0.7}
        high={0.9}
        optimum={0}
        value={ratio}
      />
      <span>
        今月の利用額 {yen(spent)} / 予算 {yen(budget)}
        {spent >= budget ? '（上限に達したため、AIは呼び出さずスタッフへ引き継ぎます）' : ''}
      </span>
    </div>
  );
}
