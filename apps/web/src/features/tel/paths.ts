/** The tel screens' paths (route names in the comments, as in app/route-table.ts). */
export const telPaths = {
  /** TelListPage */
  list: '/line/tel',
  /** TelDetailListPage */
  detail: (id: number) => `/line/tel/list/${id}`,
  /** TelRegisterPage */
  register: '/line/tel/register',
  /** TelBulkUploadPage */
  upload: '/line/tel/upload',
  /** TelTemplateListPage */
  templates: '/line/tel/template',
  /** TelTemplateRegisterPage */
  templateRegister: '/line/tel/template/register',
  /** TelTemplateDetailPage */
  templateDetail: (id: number) => `/line/tel/template/${id}`,
  /** TelTemplateEditPage */
  templateEdit: (id: number) => `/line/tel/template/${id}/edit`,
};
