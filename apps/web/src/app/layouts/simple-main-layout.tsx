import { Outlet } from 'react-router';
import { useCurrentHandle } from '../current-handle';
import { AppHeader } from './app-header';
import './layouts.css';

/** APP-10: full-width editors (flex messages, visual) get the header but no side menu. */
export function SimpleMainLayout() {
  const surface = useCurrentHandle()?.surface;
  return (
    <div className="simple-main-layout" data-layout="simple-main">
      <AppHeader />
      <main
        id="main-content"
        className="simple-main-layout__content"
        data-surface={surface}
        tabIndex={-1}
      >
        <Outlet />
      </main>
    </div>
  );
}
