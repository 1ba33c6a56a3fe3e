import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import {
  TelDetailPage,
  TelListPage,
  TelReadOnlyPage,
  TelRegisterPage,
  TelTemplateDetailPage,
  TelTemplateEditPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  TelUploadPage,
  telPaths,
} from '@/features/tel';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';
import { NOT_FOUND_TITLE, NotFoundPage } from './not-found-page';

// The tel screens as one lazily loaded chunk (route-pages.ts).
// DEC-09: reading is open to every operator; every write control needs tel-write. The feature
// gets that as a flag, not the whole session.
function useCanSendTel(): boolean {
  return hasAllPermissions(useSignedInSession().permission_keys, ['tel-write']);
}

export function TelDetailRoute({ title }: PageProps) {
  const { id } = useParams();
  const canSend = useCanSendTel();
  // An order id is a positive integer; anything else cannot name an order (DEC-07).
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return <NotFoundPage title={NOT_FOUND_TITLE} />;
  // A new order starts with its own state (status text, shown rows).
  return <TelDetailPage key={id} id={Number(id)} title={title} canSend={canSend} />;
}

export function TelListRoute({ title }: PageProps) {
  return <TelListPage title={title} canSend={useCanSendTel()} />;
}

export function TelRegisterRoute({ title }: PageProps) {
  return <TelRegisterPage title={title} canSend={useCanSendTel()} />;
}

export function TelUploadRoute({ title }: PageProps) {
  return <TelUploadPage title={title} canSend={useCanSendTel()} />;
}

export function TelTemplateListRoute({ title }: PageProps) {
  return <TelTemplateListPage title={title} canSend={useCanSendTel()} />;
}

/** The template form is a write and nothing else: without tel-write only the note shows. */
export function TelTemplateRegisterRoute({ title }: PageProps) {
  const canSend = useCanSendTel();
  if (!canSend) return <TelReadOnlyPage title={title} back={telPaths.templates} />;
  return <TelTemplateRegisterPage title={title} />;
}

// RouteGate has already rejected non-numeric template ids (numericParams).
export function TelTemplateDetailRoute({ title }: PageProps) {
  const { id } = useParams();
  const canWrite = useCanSendTel();
  return <TelTemplateDetailPage key={id} id={Number(id)} title={title} canWrite={canWrite} />;
}

export function TelTemplateEditRoute({ title }: PageProps) {
  const { id } = useParams();
  const canWrite = useCanSendTel();
  return <TelTemplateEditPage key={id} id={Number(id)} title={title} canWrite={canWrite} />;
}
