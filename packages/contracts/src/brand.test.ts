import { describe, expect, it } from 'vitest';
import { BRANDS, brandForResellerCode, DEFAULT_BRAND } from './brand.js';

describe('brands', () => {
  it.each([
    ['tsunagu', 'つなぐ', 'green'],
    ['salon', 'サロンつなぐ', 'rose'],
    ['reserve', 'つなぐ予約', 'blue'],
    ['shop', 'つなぐ商店', 'amber'],
    ['clinic', 'つなぐクリニック', 'teal'],
  ])('APP-11 reseller code %s gives the label %s', (code, label, theme) => {
    expect(brandForResellerCode(code)).toMatchObject({ label, theme });
  });

  it('APP-11 the five labels and themes are distinct', () => {
    expect(new Set(BRANDS.map((brand) => brand.label)).size).toBe(5);
    expect(new Set(BRANDS.map((brand) => brand.theme)).size).toBe(5);
  });

  it.each(['unknown', '', null, undefined])('APP-11 code %s falls back to the default', (code) => {
    expect(brandForResellerCode(code)).toBe(DEFAULT_BRAND);
  });

  it('APP-11 codes are matched without regard to case or surrounding spaces', () => {
    expect(brandForResellerCode(' Salon ').label).toBe('サロンつなぐ');
  });
});
