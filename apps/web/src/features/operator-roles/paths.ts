export const rolePaths = {
  list: '/line/operator_roles',
  create: '/line/operator_roles/new',
  edit: (id: number) => `/line/operator_roles/${id}`,
};
