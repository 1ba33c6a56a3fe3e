/**
 * The hand-over from the upload and register screens to the list (TEL-10, TEL-11, TEL-59):
 * a success message and the new order's id, kept in session storage so they survive the
 * navigation and are shown once.
 */
export const TEL_FLASH_KEYS = {
  message: 'tel:flash_message',
  detail: 'tel:flash_detail',
  recentOrderId: 'tel:recent_order_id',
} as const;

export type TelFlash = {
  message: string | null;
  /** A second line, e.g. how many phone numbers got their leading 0 back. */
  detail: string | null;
  recentOrderId: number | null;
};

export function storeTelFlash(message: string, recentOrderId: number, detail?: string): void {
  sessionStorage.setItem(TEL_FLASH_KEYS.message, message);
  sessionStorage.setItem(TEL_FLASH_KEYS.recentOrderId, String(recentOrderId));
  if (detail) sessionStorage.setItem(TEL_FLASH_KEYS.detail, detail);
  else sessionStorage.removeItem(TEL_FLASH_KEYS.detail);
}

function take(key: string): string | null {
  const value = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return value;
}

/** Reads the flash and removes it, so a reload of the list shows it no more. */
export function takeTelFlash(): TelFlash {
  const message = take(TEL_FLASH_KEYS.message);
  const detail = take(TEL_FLASH_KEYS.detail);
  const id = Number(take(TEL_FLASH_KEYS.recentOrderId) ?? Number.NaN);
  return { message, detail, recentOrderId: Number.isInteger(id) && id > 0 ? id : null };
}
