// Funnels (issue 30, ROUTE-15) as their own lazily loaded chunk (route-pages.ts). The page needs
// funnel-write (route table), so whoever sees it may save.
import { FunnelListPage } from '@/features/funnels';
import type { PageProps } from '../route-handle';

export function FunnelListRoute({ title }: PageProps) {
  return <FunnelListPage title={title} />;
}
