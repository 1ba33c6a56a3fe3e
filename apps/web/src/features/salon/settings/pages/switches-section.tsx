import { SALON_CONFIG_SWITCHES, type SalonConfigSwitch } from '@tsunagu/contracts';
import { useState } from 'react';
import { Loading } from '@/ui/loading';
import { useToast } from '@/ui/toast';
import { useSalonConfig } from '../../api/get-salon-config';
import { writeErrorText } from '../../utils/write-errors';
import { usePatchSwitch } from '../api/config-writes';
import { SwitchRow } from '../components/switch-row';

export const SWITCH_TEXTS: Record<
  SalonConfigSwitch,
  { label: string; description: string; on: string; off: string }
> = {
  enable_online: {
    label: 'オンライン予約',
    description: 'お客様がLINEや予約URLから予約できるようにします。',
    on: 'オンライン予約の受付を開始しました',
    off: 'オンライン予約の受付を停止しました',
  },
  sync_shift: {
    label: 'シフト連携',
    description: '連携したGoogleカレンダーからスタッフのシフトを取り込みます。',
    on: 'シフト連携をオンにしました',
    off: 'シフト連携をオフにしました',
  },
  push_notification: {
    label: '予約の通知',
    description: '新しい予約や変更・キャンセルのリクエストを画面にお知らせします。',
    on: '予約の通知をオンにしました',
    off: '予約の通知をオフにしました',
  },
};

/**
 * RSV-12: the three switches, each saved on its own. While saving, the switch shows the new
 * state; the server's answer then decides what is shown, and a failure puts it back.
 */
export function SwitchesSection({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const config = useSalonConfig(salonId);
  const patch = usePatchSwitch(salonId);
  const toast = useToast();
  const [pending, setPending] = useState<Partial<Record<SalonConfigSwitch, boolean>>>({});
  const [status, setStatus] = useState<Partial<Record<SalonConfigSwitch, string>>>({});

  if (config.isPending) return <Loading />;
  if (!config.data)
    return (
      <p className="notice notice--error">設定を読み込めませんでした。再読み込みしてください。</p>
    );
  const saved = config.data;

  const change = (attr: SalonConfigSwitch, value: boolean) => {
    const texts = SWITCH_TEXTS[attr];
    setPending((current) => ({ ...current, [attr]: value }));
    setStatus((current) => ({ ...current, [attr]: '保存中...' }));
    const settle = (message: string) => {
      setPending(({ [attr]: _done, ...rest }) => rest);
      setStatus((current) => ({ ...current, [attr]: message }));
    };
    patch.mutate(
      { attr, value },
      {
        onSuccess: (next) => {
          settle('保存しました');
          toast.success(next[attr] ? texts.on : texts.off);
        },
        onError: (error) => {
          settle('元に戻しました');
          toast.error(`${texts.label}を保存できませんでした：${writeErrorText(error)}`);
        },
      },
    );
  };

  return (
    <section className="settings-card" aria-labelledby="switches-heading">
      <h2 className="settings-card__title" id="switches-heading">
        基本設定
      </h2>
      {SALON_CONFIG_SWITCHES.map((attr) => (
        <SwitchRow
          key={attr}
          id={`switch-${attr}`}
          label={SWITCH_TEXTS[attr].label}
          description={SWITCH_TEXTS[attr].description}
          checked={pending[attr] ?? saved[attr]}
          busy={pending[attr] !== undefined}
          canWrite={canWrite}
          status={status[attr] ?? ''}
          onChange={(value) => change(attr, value)}
        />
      ))}
    </section>
  );
}
