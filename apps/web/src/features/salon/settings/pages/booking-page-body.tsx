import { Loading } from '@/ui/loading';
import { useSalonConfig } from '../../api/get-salon-config';
import { BookingForm } from './booking-section';
import { CancelForm } from './cancel-form';

/** The booking and cancel configs, two forms saved on their own (RSV-11). */
export function BookingPageBody({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const config = useSalonConfig(salonId);
  if (config.isPending) return <Loading />;
  if (!config.data)
    return (
      <p className="notice notice--error">設定を読み込めませんでした。再読み込みしてください。</p>
    );
  return (
    <div className="settings-stack">
      <BookingForm salonId={salonId} canWrite={canWrite} saved={config.data.booking} />
      <CancelForm salonId={salonId} canWrite={canWrite} saved={config.data.cancel} />
    </div>
  );
}
