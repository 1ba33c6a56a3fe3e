/**
 * A stored domestic phone number (digits only, `0…`, as normalizePhone keeps it) with hyphens
 * for reading on screen: 090-1234-5678, 03-1234-5678, 045-123-4567, 0120-123-456. Display only:
 * the stored value and every search or send use the digits.
 *
 * A landline's last four digits are always the subscriber number; where the area code ends is
 * known here only for the two-digit codes (03 Tokyo, 06 Osaka). Every other landline is grouped
 * 3-3-4, right for most cities (045, 052, 011, 092 …); a town with a four- or five-digit area
 * code (0422-12-3456) reads 042-212-3456 — the same digits, the split one place off.
 */
export function formatJapanesePhone(digits: string): string {
  if (!/^0\d{9,10}$/.test(digits)) return digits;
  const group = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    return parts.join('-');
  };
  if (digits.length === 11) {
    // 0800 free dial is 4-3-4; mobile, PHS, IP and M2M (090, 080, 070, 060, 050, 020) 3-4-4.
    return digits.startsWith('0800') ? group(4, 3, 4) : group(3, 4, 4);
  }
  // 0120 free dial, 0570 navi dial, 0990 information: 4-3-3.
  if (/^0(120|570|990)/.test(digits)) return group(4, 3, 3);
  if (/^0[36]/.test(digits)) return group(2, 4, 4);
  return group(3, 3, 4);
}

/** The digits of a phone search as typed (hyphens, spaces, full-width digits), for matching. */
export function phoneSearchDigits(typed: string): string {
  return typed.normalize('NFKC').replace(/\D/g, '');
}
