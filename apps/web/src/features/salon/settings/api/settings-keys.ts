import { salonKeys } from '../../api/query-keys';

/** Cache entries only the settings pages read (the config and opening keys are salonKeys'). */
export const settingsKeys = {
  onlineConfig: (salonId: number) => [...salonKeys.salon(salonId), 'online-config'] as const,
  onlineUrl: (salonId: number) => [...salonKeys.salon(salonId), 'online-url'] as const,
  /** Japan's holidays: static data, loaded once per session (its own chunk). */
  holidays: () => [...salonKeys.all, 'holidays-jp'] as const,
};
