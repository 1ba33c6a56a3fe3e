import { Outlet } from 'react-router';
import { SurveyController } from '@/features/surveys';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import './layouts.css';

/** APP-09: header, side menu, survey controller and the page. */
export function MainLayout() {
  return (
    <div className="main-layout" data-layout="main">
      <a className="skip-link" href="#main-content">
        本文へ移動
      </a>
      <AppHeader>
        <SurveyController />
      </AppHeader>
      <div className="main-layout__body">
        <SideMenu />
        <main id="main-content" className="main-layout__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
