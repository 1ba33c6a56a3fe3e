import { LoginPage } from '@/features/auth';
import {
  TelListPage,
  TelRegisterPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  TelUploadPage,
} from '@/features/tel';
import type { PageComponent } from './route-handle';
import { NotFoundPage } from './routes/not-found-page';
import {
  OperatorRoleEditRoute,
  OperatorRoleListRoute,
  OperatorRoleNewRoute,
} from './routes/operator-role-routes';
import { TelDetailRoute } from './routes/tel-routes';
import { TopPage } from './routes/top-page';
import { UiCataloguePage } from './routes/ui-catalogue/ui-catalogue-page';

/**
 * Screens built so far, by route name. Every other route renders a placeholder with its title
 * and 準備中 until its issue lands.
 */
export const routePages: Readonly<Record<string, PageComponent>> = {
  Login: LoginPage,
  Top: TopPage,
  NotFound: NotFoundPage,
  OperatorRoleList: OperatorRoleListRoute,
  OperatorRoleNew: OperatorRoleNewRoute,
  OperatorRoleEdit: OperatorRoleEditRoute,
  TelListPage,
  TelDetailListPage: TelDetailRoute,
  TelRegisterPage,
  TelBulkUploadPage: TelUploadPage,
  TelTemplateListPage,
  TelTemplateRegisterPage,
  UiCatalogue: UiCataloguePage,
};
