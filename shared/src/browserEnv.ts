// Storage can throw (privacy modes, sandboxed iframes) and is absent outside the browser;
// a failed read or write must never break rendering.
export function readStorage(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(key, value);
  } catch {
    // The choice just is not remembered.
  }
}

export function removeStorage(key: string): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.removeItem(key);
  } catch {
    // Nothing was remembered, or it cannot be forgotten: either way there is nothing to show.
  }
}

export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function windowWidth(): number | null {
  return typeof window === 'undefined' ? null : window.innerWidth;
}
