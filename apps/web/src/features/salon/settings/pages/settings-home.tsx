import { Link } from 'react-router';
import { useSalonSearch } from '../../utils/salon-search';
import { SETTINGS_SECTIONS, settingsLink } from '../sections';

/** The settings home: every section with what it holds. */
export function SettingsHome() {
  const { salon } = useSalonSearch();
  return (
    <ul className="settings-home">
      {SETTINGS_SECTIONS.map((section) => (
        <li key={section.key} className="settings-home__item">
          <Link className="settings-home__link" to={settingsLink(section.path, salon)}>
            {section.label}
          </Link>
          <span className="text-muted">{section.description}</span>
        </li>
      ))}
    </ul>
  );
}
