export { SalonConsolePage } from './pages/salon-console-page';
export { salonPaths } from './utils/salon-search';
// Issue 12: the settings' catalogue sections (courses, resources, matrix, booking URLs).
export { CourseListPage } from './settings/courses/course-list-page';
export { ResourceListPage } from './settings/resources/resource-list-page';
export { MatrixPage } from './settings/matrix/matrix-page';
export { SalonUrlListPage } from './settings/urls/salon-url-list-page';
