import { Link } from 'react-router';
import { useSalonSearch } from '../../utils/salon-search';
import { SETTINGS_SECTIONS, settingsLink } from '../sections';

/** The settings home: every section with what it holds; sections without a page are 準備中. */
export function SettingsHome({ isBuilt }: { isBuilt: (route: string) => boolean }) {
  const { salon } = useSalonSearch();
  return (
    <ul className="settings-home">
      {SETTINGS_SECTIONS.map((section) => {
        const built = isBuilt(section.route);
        return (
          <li key={section.key} className={`settings-home__item${built ? '' : ' is-pending'}`}>
            {built ? (
              <Link className="settings-home__link" to={settingsLink(section.path, salon)}>
                {section.label}
              </Link>
            ) : (
              <span className="settings-home__link">
                {section.label}
                <span className="settings-nav__tag" aria-hidden="true">
                  準備中
                </span>
                <span className="visually-hidden">（準備中）</span>
              </span>
            )}
            <span className="text-muted">{section.description}</span>
          </li>
        );
      })}
    </ul>
  );
}
