/**
 * Reseller brands (APP-07, APP-11). The console ships under five distinct Japanese labels,
 * chosen by the account's reseller code; an unknown or empty code gets the default label.
 * Each brand also names the theme the top page uses.
 */
export const BRANDS = [
  { resellerCode: 'tsunagu', label: 'つなぐ', theme: 'green' },
  { resellerCode: 'salon', label: 'サロンつなぐ', theme: 'rose' },
  { resellerCode: 'reserve', label: 'つなぐ予約', theme: 'blue' },
  { resellerCode: 'shop', label: 'つなぐ商店', theme: 'amber' },
  { resellerCode: 'clinic', label: 'つなぐクリニック', theme: 'teal' },
] as const;

export type Brand = (typeof BRANDS)[number];
export type BrandTheme = Brand['theme'];

export const DEFAULT_BRAND: Brand = BRANDS[0];

export function brandForResellerCode(code: string | null | undefined): Brand {
  const normalised = (code ?? '').trim().toLowerCase();
  return BRANDS.find((brand) => brand.resellerCode === normalised) ?? DEFAULT_BRAND;
}
