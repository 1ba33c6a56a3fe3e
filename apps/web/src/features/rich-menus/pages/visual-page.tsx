import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { richMenuImageUrl, useRichMenus } from '../api/rich-menus-api';
import { RichMenuPreview, type PreviewMenu } from '../components/rich-menu-preview';
import { layoutRects, LAYOUTS } from '../lib/layouts';
import '../components/rich-menus.css';

const SAMPLE_SIZE = { width: 2500, height: 1686 };
const SAMPLE: PreviewMenu = {
  size: SAMPLE_SIZE,
  chat_bar_text: 'メニュー',
  selected: true,
  areas: layoutRects(LAYOUTS[0]!, SAMPLE_SIZE).map((bounds) => ({ bounds })),
};

/**
 * ビジュアル (ROUTE-01): the gray, lightly padded canvas at a phone's width on which the editors
 * preview a rich menu with its tap areas under a flex message, with no menu around it.
 * `?rich_menu=` picks one of the account's menus; otherwise its first, or a 6-area sample.
 * The flex message is drawn by app/ (`chat`), as features stay apart.
 */
export function VisualPage(props: { title: string; accountName: string; chat: ReactNode }) {
  const [params] = useSearchParams();
  const list = useRichMenus();
  const wanted = Number(params.get('rich_menu'));
  const menus = list.data?.rich_menus ?? [];
  const menu = menus.find((m) => m.id === wanted) ?? menus[0] ?? null;
  return (
    <div className="rm-visual" data-testid="visual-canvas">
      <h1 className="visually-hidden">{props.title}</h1>
      <RichMenuPreview
        accountName={props.accountName}
        chat={props.chat}
        menu={menu ?? SAMPLE}
        imageUrl={menu?.has_image ? richMenuImageUrl(menu) : null}
      />
    </div>
  );
}
