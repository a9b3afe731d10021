/** '#3 0x1234…abcd' — the devnet account's index and short address (not a translated text). */
export function devAccountLabel(index: number, address: string, short: (address: string) => string): string {
  return `#${index} ${short(address)}`;
}
