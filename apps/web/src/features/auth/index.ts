export { useSession, meQueryOptions } from './api/get-me';
export { authKeys } from './api/query-keys';
export { useLogout } from './api/logout';
export { LoginPage } from './pages/login-page';
export { loginPathFor } from './return-path';
