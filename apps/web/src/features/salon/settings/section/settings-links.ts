import { pagePaths } from '@/config/paths';

/**
 * The settings home (`/line/reserve/salon/settings`), which lists every section. Built from the
 * salon's path here so these sections do not depend on the home's own route entry.
 */
export const SETTINGS_HOME = `${pagePaths.ReserveSalon}/settings`;
