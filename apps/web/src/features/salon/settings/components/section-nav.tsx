import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { pagePaths } from '@/config/paths';
import { SETTINGS_SECTIONS, settingsLink, type SettingsSectionKey } from '../sections';

type SectionNavProps = {
  current?: SettingsSectionKey;
  salon: number | null;
};

/**
 * The settings sections: a column beside the page on wide screens, one scrolling row above it
 * on a phone (decision 0106).
 */
export function SectionNav({ current, salon }: SectionNavProps) {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the row scrolls: bring the current section into view (centred), not the page.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    const navBox = nav.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    nav.scrollLeft += linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2;
  }, [current]);
  return (
    <nav className="settings-nav" aria-label="設定の項目" ref={navRef}>
      <ul className="settings-nav__list">
        <li>
          <Link
            className="settings-nav__link"
            to={settingsLink(pagePaths.SalonSettings, salon)}
            aria-current={current === undefined ? 'page' : undefined}
          >
            一覧
          </Link>
        </li>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              className="settings-nav__link"
              to={settingsLink(section.path, salon)}
              aria-current={current === section.key ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
