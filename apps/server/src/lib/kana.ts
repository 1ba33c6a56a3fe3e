/**
 * Hiragana as katakana (ぁ–ゖ, ゝ, ゞ → ァ–ヶ, ヽ, ヾ); everything else as it is. A customer's
 * フリガナ is kept in katakana and a search typed in hiragana finds it (issue 26).
 */
export function toKatakana(text: string): string {
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
}
