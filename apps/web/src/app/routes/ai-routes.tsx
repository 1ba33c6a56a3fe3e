import { AiSettingsPage } from '@/features/ai';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

// 生成AI設定 is changed by the owner role, as operators are (decision 0288); others read.
export function AiSettingsRoute({ title }: PageProps) {
  const { operator } = useSignedInSession();
  return <AiSettingsPage title={title} canManage={operator.role.is_owner} />;
}
