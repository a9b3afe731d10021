import type { MessageFormatElement } from 'react-intl';
import { langAtom } from './langAtom';
import { prdsStore } from '@prds/shared/state';
import { DEFAULT_LANG, type LangCode } from './languages';

/**
 * One language's messages: ICU strings (tests, read from the locale files), or their ASTs, which the
 * builds precompile (shared/webpack/messagesLoader.cjs), so the page never parses a message.
 */
export type Messages = Readonly<Record<string, string>> | Readonly<Record<string, MessageFormatElement[]>>;

export type MessagesLoader = (lang: LangCode) => Promise<Messages>;

/** The messages a scope has for a language; `lang` is English when the language's chunk failed. */
export interface ScopeMessages {
  readonly lang: LangCode;
  readonly messages: Messages;
}

/**
 * A promise that says whether it settled (React's thenable fields), so `use()` reads a loaded
 * scope in the same render instead of suspending for a tick.
 */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

// The message scopes of the page beside the shell's own: each remote registers the loader of the
// messages it ships (its per-language chunks), when its `./App` module is evaluated.
const loaders = new Map<string, MessagesLoader>();
const loads = new Map<string, Tracked<ScopeMessages>>();

const cacheKey = (scope: string, lang: LangCode) => `${scope}\u0000${lang}`;

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked: Tracked<T> = promise;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/** `lang`'s messages from `load`, or English's when that language's chunk fails. */
export async function loadWithFallback(load: MessagesLoader, lang: LangCode): Promise<ScopeMessages> {
  try {
    return { lang, messages: await load(lang) };
  } catch (error) {
    // A language chunk that fails to load must not blank the page: show English instead.
    if (lang === DEFAULT_LANG) throw error;
    return { lang: DEFAULT_LANG, messages: await load(DEFAULT_LANG) };
  }
}

/**
 * Registers the loader of a scope's messages (a remote's, named by its container) and starts
 * loading the page language's now, beside the remote's page chunks, so they are there by its first
 * render. A new loader for a known scope (another release of that remote) replaces the old one.
 */
export function registerMessages(scope: string, load: MessagesLoader): void {
  if (loaders.get(scope) === load) return;
  loaders.set(scope, load);
  for (const key of [...loads.keys()]) if (key.startsWith(`${scope}\u0000`)) loads.delete(key);
  scopeMessages(scope, prdsStore.get(langAtom)).catch(() => undefined);
}

/**
 * A registered scope's messages for `lang` (English when that language's chunk fails), loaded once
 * and shared by every caller; a failed load is forgotten so that the next caller tries again.
 */
export function scopeMessages(scope: string, lang: LangCode): Tracked<ScopeMessages> {
  const key = cacheKey(scope, lang);
  const cached = loads.get(key);
  if (cached) return cached;
  const load = loaders.get(scope);
  const loading = track(
    load
      ? loadWithFallback(load, lang)
      : Promise.reject(new Error(`no messages registered for ${scope} (registerMessages before rendering it)`)),
  );
  loads.set(key, loading);
  loading.catch(() => {
    if (loads.get(key) === loading) loads.delete(key);
  });
  return loading;
}

/**
 * Every registered scope's messages for `lang`, settled (a failure surfaces where the scope renders):
 * a language switch waits for these, so the whole page changes language in one render.
 */
export async function loadRegisteredScopes(lang: LangCode): Promise<void> {
  await Promise.allSettled([...loaders.keys()].map((scope) => scopeMessages(scope, lang)));
}

/** Tests: forget every registered scope. */
export function resetMessageScopes(): void {
  loaders.clear();
  loads.clear();
}
