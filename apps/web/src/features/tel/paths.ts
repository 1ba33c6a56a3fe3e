import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

/** The tel screens' links, built from config/paths.ts (route names as keys there). */
export const telPaths = {
  list: pagePaths.TelListPage,
  detail: (id: number) => generatePath(pagePaths.TelDetailListPage, { id: String(id) }),
  register: pagePaths.TelRegisterPage,
  upload: pagePaths.TelBulkUploadPage,
  templates: pagePaths.TelTemplateListPage,
  templateRegister: pagePaths.TelTemplateRegisterPage,
  templateDetail: (id: number) => generatePath(pagePaths.TelTemplateDetailPage, { id: String(id) }),
  templateEdit: (id: number) => generatePath(pagePaths.TelTemplateEditPage, { id: String(id) }),
};
