import { useParams } from 'react-router';
import { TelDetailPage, TelTemplateDetailPage, TelTemplateEditPage } from '@/features/tel';

// The tel screens as one lazily loaded chunk (route-pages.ts).
export {
  TelListPage,
  TelRegisterPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  TelUploadPage,
} from '@/features/tel';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';
import { NOT_FOUND_TITLE, NotFoundPage } from './not-found-page';

export function TelDetailRoute({ title }: PageProps) {
  const { id } = useParams();
  // An order id is a positive integer; anything else cannot name an order (DEC-07).
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return <NotFoundPage title={NOT_FOUND_TITLE} />;
  // A new order starts with its own state (status text, shown rows).
  return <TelDetailPage key={id} id={Number(id)} title={title} />;
}

// DEC-09: the template write controls are offered only to operators holding tel-write.
function useCanWriteTel(): boolean {
  return useSignedInSession().permission_keys.includes('tel-write');
}

// RouteGate has already rejected non-numeric template ids (numericParams).
export function TelTemplateDetailRoute({ title }: PageProps) {
  const { id } = useParams();
  const canWrite = useCanWriteTel();
  return <TelTemplateDetailPage key={id} id={Number(id)} title={title} canWrite={canWrite} />;
}

export function TelTemplateEditRoute({ title }: PageProps) {
  const { id } = useParams();
  const canWrite = useCanWriteTel();
  return <TelTemplateEditPage key={id} id={Number(id)} title={title} canWrite={canWrite} />;
}
