import { Outlet } from 'react-router';
import { SurveyController } from '@/features/surveys';
import { MenuContext } from '../menu-context';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';
import { MAIN_CONTENT_ID, useDrawer } from './use-drawer';
import { useOperatorMenu } from './use-operator-menu';
import './layouts.css';

const MENU_ID = 'main-menu';

/**
 * APP-09: header, side menu, survey controller and the page. Below 768 px the side menu is a
 * drawer behind the header's メニュー button; while it is open the page behind it is inert.
 */
export function MainLayout() {
  const sections = useOperatorMenu();
  const drawer = useDrawer();
  return (
    <MenuContext.Provider value={sections}>
      <div className="main-layout" data-layout="main" data-menu-open={drawer.open || undefined}>
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
          本文へ移動
        </a>
        <AppHeader
          menu={{
            open: drawer.open,
            controls: MENU_ID,
            buttonRef: drawer.toggleRef,
            onToggle: drawer.toggle,
          }}
        >
          <SurveyController />
        </AppHeader>
        <div className="main-layout__body">
          <SideMenu id={MENU_ID} sections={sections} panelRef={drawer.panelRef} />
          {drawer.open ? (
            <div className="main-layout__scrim" aria-hidden="true" onClick={drawer.close} />
          ) : null}
          <main
            id={MAIN_CONTENT_ID}
            className="main-layout__content"
            tabIndex={-1}
            inert={drawer.open}
          >
            <Outlet />
          </main>
        </div>
      </div>
    </MenuContext.Provider>
  );
}
