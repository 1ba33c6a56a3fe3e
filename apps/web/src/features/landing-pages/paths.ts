export const landingPaths = {
  list: '/line/landing',
  create: '/line/landing/edit',
  edit: (id: number) => `/line/landing/edit/${id}`,
  sites: '/line/site',
  pureEdit: (id: number) => `/vue3-dev/line/site/pure/edit/${id}`,
};
