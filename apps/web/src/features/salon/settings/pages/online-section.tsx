import { Loading } from '@/ui/loading';
import { useOnlineConfig } from '../api/online-config';
import { ActionsForm } from '../online/actions-form';
import { CustomerFields } from '../online/customer-fields';
import { PageForm } from '../online/page-form';
import { ShopForm } from '../online/shop-form';

/** RSV-30..36: the online booking page's settings, each part saved on its own. */
export function OnlineSection({ salonId, canWrite }: { salonId: number; canWrite: boolean }) {
  const online = useOnlineConfig(salonId);
  if (online.isPending) return <Loading />;
  if (!online.data)
    return (
      <p className="notice notice--error">
        オンライン予約設定を読み込めませんでした。再読み込みしてください。
      </p>
    );
  const config = online.data;
  return (
    <div className="settings-stack">
      <PageForm salonId={salonId} canWrite={canWrite} config={config} />
      <ShopForm salonId={salonId} canWrite={canWrite} saved={config.shop_info} />
      <CustomerFields salonId={salonId} canWrite={canWrite} config={config} />
      <ActionsForm salonId={salonId} canWrite={canWrite} config={config} />
    </div>
  );
}
