import { Outlet } from 'react-router';
import { useBrandLabel } from '../session';
import './layouts.css';

/** APP-08: the login page, a centred card under the brand name. */
export function SimpleLayout() {
  const brand = useBrandLabel();
  return (
    <div className="simple-layout" data-layout="simple">
      <main className="simple-layout__card">
        <p className="simple-layout__brand">{brand}</p>
        <Outlet />
      </main>
    </div>
  );
}
