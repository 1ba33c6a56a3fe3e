// Rich menus (ROUTE-28, issue 25) and the Visual canvas (ROUTE-01) as one lazily loaded chunk
// (route-pages.ts). The canvas's flex message is the templates' preview: app/ hands it over.
import { hasAllPermissions } from '@tsunagu/contracts';
import { useParams } from 'react-router';
import { RichMenuEditorPage, RichMenuModePage, VisualPage } from '@/features/rich-menus';
import { FlexPreview } from '@/features/templates';
import type { PageProps } from '../route-handle';
import { useSignedInSession } from '../session';

const useCanWrite = () =>
  hasAllPermissions(useSignedInSession().permission_keys, ['template-write']);

export function RichMenuModeRoute({ title }: PageProps) {
  return <RichMenuModePage title={title} canWrite={useCanWrite()} />;
}

export function RichMenuNewRoute({ title }: PageProps) {
  return <RichMenuEditorPage title={title} id={null} canWrite={useCanWrite()} />;
}

export function RichMenuEditRoute({ title }: PageProps) {
  const { id = '' } = useParams();
  return <RichMenuEditorPage key={id} title={title} id={Number(id)} canWrite={useCanWrite()} />;
}

/** A booking card, the kind of flex message a salon sends above its menu. */
const SAMPLE_FLEX = {
  type: 'bubble',
  body: {
    type: 'box',
    layout: 'vertical',
    spacing: 'sm',
    contents: [
      { type: 'text', text: 'ご予約ありがとうございます', weight: 'bold', size: 'md' },
      {
        type: 'text',
        text: '12月3日（木）14:00〜 カット',
        size: 'sm',
        color: '#666666',
        wrap: true,
      },
    ],
  },
  footer: {
    type: 'box',
    layout: 'vertical',
    contents: [
      {
        type: 'button',
        style: 'primary',
        color: '#06c755',
        action: { type: 'uri', label: '予約を確認する', uri: 'https://example.com' },
      },
    ],
  },
};

export function VisualRoute({ title }: PageProps) {
  const accountName = useSignedInSession().account.name;
  return (
    <VisualPage
      title={title}
      accountName={accountName}
      chat={<FlexPreview container={SAMPLE_FLEX} />}
    />
  );
}
