import { NavLink } from 'react-router';
import { visibleMenuSections } from '../menu-sections';
import { mayOpenOwnerOrDev, useSignedInSession } from '../session';

/** Entries the operator lacks keys for are hidden; the route guard still checks them. */
export function SideMenu() {
  const session = useSignedInSession();
  const sections = visibleMenuSections(
    session.permission_keys,
    mayOpenOwnerOrDev(session.operator.role.is_owner),
  );
  return (
    <nav className="side-menu" aria-label="メインメニュー">
      {sections.map((section) => (
        <div key={section.label} className="side-menu__section">
          <h2 className="side-menu__heading">{section.label}</h2>
          <ul>
            {section.links.map((link) => (
              <li key={link.name}>
                <NavLink to={link.path} end className="side-menu__link">
                  {link.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
