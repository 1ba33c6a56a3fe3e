// 通知の設定 (issue 26) as its own lazily loaded chunk (route-pages.ts).
import { StaffNotifySettingsPage } from '@/features/operator-notices';
import type { PageProps } from '../route-handle';

export function StaffNotifySettingsRoute({ title }: PageProps) {
  return <StaffNotifySettingsPage title={title} />;
}
