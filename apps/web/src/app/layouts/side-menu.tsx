import { useId, useState, type Ref } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSalonPendingTotal } from '@/features/salon/api/pending-count';
import { sectionOf, type MenuLink, type MenuSection } from '../menu-sections';

export const MAIN_MENU_LABEL = 'メインメニュー';

type SideMenuProps = {
  id: string;
  sections: readonly MenuSection[];
  panelRef?: Ref<HTMLElement>;
};

/**
 * The main navigation landmark. Sections fold (disclosure buttons), and only the current page's
 * section starts open, so the keyboard passes eight headings instead of every link (ADR 0060).
 * Entries the operator cannot use are not here at all (menu-sections.ts); the guard checks too.
 */
export function SideMenu({ id, sections, panelRef }: SideMenuProps) {
  const { pathname } = useLocation();
  const current = sectionOf(sections, pathname);
  const [opened, setOpened] = useState<ReadonlySet<string>>(
    () => new Set(current ? [current] : []),
  );
  // Moving into another section opens it too; sections the operator opened stay open.
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    if (current && !opened.has(current)) setOpened(new Set(opened).add(current));
  }
  const toggle = (label: string) => {
    const next = new Set(opened);
    if (!next.delete(label)) next.add(label);
    setOpened(next);
  };
  const baseId = useId();
  // 要対応 of the salons (issue 26), beside サロン予約 whenever the operator has that screen.
  const hasSalon = sections.some((section) =>
    section.links.some((link) => link.name === 'ReserveSalon' && link.built),
  );
  const salonPending = useSalonPendingTotal(hasSalon);
  const counts: Partial<Record<string, number>> = { ReserveSalon: salonPending };

  return (
    <nav id={id} ref={panelRef} className="side-menu" aria-label={MAIN_MENU_LABEL}>
      {sections.map((section, index) => {
        const open = opened.has(section.label);
        const listId = `${baseId}-${index}`;
        return (
          <div key={section.label} className="side-menu__section">
            <h2 className="side-menu__heading">
              <button
                type="button"
                className="side-menu__toggle"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(section.label)}
              >
                {section.label}
              </button>
            </h2>
            <ul id={listId} hidden={!open}>
              {section.links.map((link) => (
                <li key={link.name}>
                  <MenuEntry link={link} count={counts[link.name] ?? 0} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** A screen not built yet says so: a quiet 準備中 tag, heard as 「（準備中）」. */
function MenuEntry({ link, count }: { link: MenuLink; count: number }) {
  return (
    <NavLink to={link.path} end className="side-menu__link">
      <span className="side-menu__title">{link.title}</span>
      {count > 0 ? (
        <span className="menu-count" data-testid={`menu-count-${link.name}`}>
          {count}
          <span className="visually-hidden">件の要対応</span>
        </span>
      ) : null}
      {link.built ? null : (
        <>
          <span className="menu-tag" aria-hidden="true">
            準備中
          </span>
          <span className="visually-hidden">（準備中）</span>
        </>
      )}
    </NavLink>
  );
}
