/** What the language list needs of a language: its code and its own name. */
export interface ListedLanguage {
  readonly code: string;
  readonly nativeName: string;
}

/**
 * Where a key moves the language list's active option (never the chosen language): ArrowDown and
 * ArrowUp one step, stopping at the ends; Home and End to the ends; a typed letter to the next
 * language whose own name or code starts with it, wrapping round. `null`: the key does not move it.
 */
export function nextLanguageIndex(active: number, key: string, languages: readonly ListedLanguage[]): number | null {
  const last = languages.length - 1;
  if (last < 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(active + 1, last);
    case 'ArrowUp':
      return Math.max(active - 1, 0);
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return last;
  }
  // One printable character (not 'Shift', 'F2', …).
  if ([...key].length !== 1 || key.trim() === '') return null;
  const typed = key.toLocaleLowerCase();
  for (let step = 1; step <= languages.length; step += 1) {
    const index = (active + step) % languages.length;
    const language = languages[index];
    if (!language) continue;
    if (language.nativeName.toLocaleLowerCase().startsWith(typed) || language.code.startsWith(typed)) return index;
  }
  return null;
}
