export { PageHeader } from './page-header';
export { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs';
export { manualRoot, manualUrl } from './manual-url';
