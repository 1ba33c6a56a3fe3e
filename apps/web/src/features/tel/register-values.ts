import type { TelParamKey } from '@tsunagu/contracts';

/** What the single registration form (TelRegisterPage) edits, before it is sent. */
export type TelRegisterValues = {
  tel: string;
  date: string;
  time: string;
  template_id: number | null;
  params: Record<TelParamKey, string>;
};
