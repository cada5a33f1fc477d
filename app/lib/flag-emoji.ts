// The flag emoji of a two-letter country code (SPEC §2: BJ when absent).
export function flagEmoji(code: string | null | undefined): string {
  const c = code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : 'BJ';
  return String.fromCodePoint(...[...c].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
