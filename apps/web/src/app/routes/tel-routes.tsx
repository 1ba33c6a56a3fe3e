import { useParams } from 'react-router';
import { TelDetailPage } from '@/features/tel';

// The tel screens as one lazily loaded chunk (route-pages.ts).
export {
  TelListPage,
  TelRegisterPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  TelUploadPage,
} from '@/features/tel';
import type { PageProps } from '../route-handle';
import { NOT_FOUND_TITLE, NotFoundPage } from './not-found-page';

export function TelDetailRoute({ title }: PageProps) {
  const { id } = useParams();
  // An order id is a positive integer; anything else cannot name an order (DEC-07).
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return <NotFoundPage title={NOT_FOUND_TITLE} />;
  // A new order starts with its own state (status text, shown rows).
  return <TelDetailPage key={id} id={Number(id)} title={title} />;
}
