import {
  ADDRESS,
  COHORT,
  INSTALL_ID,
  readRolloutCookie,
  rolloutCookieHeader,
  rolloutCookieValue,
  type RolloutCookie,
} from './visitorCookie';

/**
 * What the page remembers about its visitor for the rollout, in localStorage: a random install id (the
 * bucket's key until a wallet is connected), the wallet last connected, named cohorts joined, QA
 * overrides, dev-server overrides (development builds), versions that failed recently, and the last
 * rollout manifest that validated. Storage
 * that throws (privacy modes, a full quota) degrades to this page's memory, never to an error.
 *
 * The bucket key, cohorts and failed versions are mirrored into a first-party cookie (visitorCookie.ts) for the web
 * server, which picks the visitor's releases before the page runs. Storage comes first and the
 * cookie fills in what storage lacks: a new visitor adopts the install id the server minted (so the
 * first load already agrees), and a visitor known from before the cookie, or who cleared cookies,
 * keeps their bucket (the server agrees again from the next load, once the page has written the
 * cookie back).
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  install: 'prds.rollout.id',
  account: 'prds.rollout.account',
  cohorts: 'prds.rollout.cohorts',
  override: 'prds.rollout.override',
  /** Development builds only: remotes loaded from a local dev server (devOverride.ts). */
  dev: 'prds.rollout.dev',
  bad: 'prds.rollout.bad',
  manifest: 'prds.rollout.manifest',
} as const;

/** How long a version that failed for a visitor is avoided by that visitor. */
export const BAD_VERSION_TTL_MS = 6 * 60 * 60 * 1000;

/** The page's cookies (`document.cookie`), read and written; tests pass a jar of their own. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
  /** Whether the page is on https (the cookie is then Secure). */
  readonly secure: boolean;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `?remote-version=mfe_claim@0.1.0+b1,mfe_market@…` and `?rollout-cohort=internal` of a page URL. */
export function readRolloutQuery(search: string): { overrides: Record<string, string>; cohort: string | null } {
  const params = new URLSearchParams(search);
  const overrides: Record<string, string> = {};
  for (const value of params.getAll('remote-version')) {
    for (const item of value.split(',')) {
      // A '+' in a query string reads as a space; versions have none.
      const [remote, version] = item.trim().replace(/ /g, '+').split('@');
      if (remote && version) overrides[remote] = version;
    }
  }
  const cohort = params.get('rollout-cohort')?.trim().toLowerCase() ?? null;
  return { overrides, cohort: cohort !== null && COHORT.test(cohort) ? cohort : null };
}

export class VisitorStore {
  private readonly memory = new Map<string, string>();

  constructor(
    private readonly storage: KeyValueStore | null,
    private readonly now: () => number = () => Date.now(),
    private readonly cookies: CookieJar | null = null,
  ) {}

  private cookie(): RolloutCookie | null {
    try {
      return readRolloutCookie(this.cookies?.read());
    } catch {
      return null;
    }
  }

  private get(key: string): string | null {
    try {
      const value = this.storage?.getItem(key) ?? null;
      if (value !== null) return value;
    } catch {
      // fall through to memory
    }
    return this.memory.get(key) ?? null;
  }

  private remove(key: string): void {
    this.memory.delete(key);
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing kept to forget
    }
  }

  private set(key: string, value: string): void {
    this.memory.set(key, value);
    try {
      this.storage?.setItem(key, value);
    } catch {
      // memory keeps it for this page
    }
  }

  installId(): string {
    const stored = this.get(STORAGE_KEYS.install);
    if (stored !== null && INSTALL_ID.test(stored)) return stored;
    const id = this.cookie()?.installId ?? randomId();
    this.set(STORAGE_KEYS.install, id);
    return id;
  }

  account(): string | null {
    const stored = this.get(STORAGE_KEYS.account);
    if (stored !== null && ADDRESS.test(stored)) return stored;
    const fromCookie = this.cookie()?.account ?? null;
    if (fromCookie !== null) this.set(STORAGE_KEYS.account, fromCookie);
    return fromCookie;
  }

  /** The next load buckets by this wallet (never this one: a page does not switch versions). */
  rememberAccount(address: string): void {
    const lower = address.toLowerCase();
    if (ADDRESS.test(lower) && this.get(STORAGE_KEYS.account) !== lower) this.set(STORAGE_KEYS.account, lower);
    this.mirrorToCookie();
  }

  cohorts(): string[] {
    const stored = parseJson(this.get(STORAGE_KEYS.cohorts));
    const kept = Array.isArray(stored) ? stored.filter((c): c is string => typeof c === 'string' && COHORT.test(c)) : [];
    return [...new Set([...kept, ...(this.cookie()?.cohorts ?? [])])];
  }

  joinCohort(cohort: string): void {
    const current = this.cohorts();
    if (COHORT.test(cohort) && !current.includes(cohort)) this.set(STORAGE_KEYS.cohorts, JSON.stringify([...current, cohort]));
    this.mirrorToCookie();
  }

  /**
   * Writes the bucket key (the wallet, else the install id) and the cohorts into the rollout cookie
   * when it says something else, so the server's next choice is the page's.
   */
  mirrorToCookie(): void {
    if (!this.cookies) return;
    const value = rolloutCookieValue(this.account() ?? this.installId(), this.cohorts(), this.badTable());
    const current = this.cookie();
    if (current && rolloutCookieValue(current.account ?? current.installId ?? '', current.cohorts, current.bad) === value) {
      return;
    }
    try {
      this.cookies.write(rolloutCookieHeader(value, this.cookies.secure));
    } catch {
      // storage still keeps the key for this browser
    }
  }

  /** QA overrides kept in storage (`{ "mfe_claim": "0.1.0+…" }`); the caller honours them outside production only. */
  storedOverrides(): Record<string, string> {
    const stored = parseJson(this.get(STORAGE_KEYS.override));
    if (!isRecord(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  /**
   * Dev-server overrides kept in storage (`{ "mfe_claim": "http://127.0.0.1:3105/mf-manifest.json" }`),
   * as written: devOverride.ts checks them again when it reads them, and only development builds do.
   */
  storedDevOverrides(): Record<string, string> {
    const stored = parseJson(this.get(STORAGE_KEYS.dev));
    if (!isRecord(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  /** Replaces the kept dev-server overrides; an empty table forgets the key. */
  keepDevOverrides(overrides: Readonly<Record<string, string>>): void {
    if (Object.keys(overrides).length === 0) this.remove(STORAGE_KEYS.dev);
    else this.set(STORAGE_KEYS.dev, JSON.stringify(overrides));
  }

  /** Versions that failed here and are still avoided: storage's, and the cookie's for what storage lacks. */
  private badTable(): Record<string, number> {
    const stored = parseJson(this.get(STORAGE_KEYS.bad));
    const now = this.now();
    return Object.fromEntries(
      Object.entries({ ...this.cookie()?.bad, ...(isRecord(stored) ? stored : {}) }).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && e[1] > now,
      ),
    );
  }

  isBad(remote: string, version: string): boolean {
    return `${remote}@${version}` in this.badTable();
  }

  markBad(remote: string, version: string, ttlMs: number = BAD_VERSION_TTL_MS): void {
    this.set(STORAGE_KEYS.bad, JSON.stringify({ ...this.badTable(), [`${remote}@${version}`]: this.now() + ttlMs }));
    // The server must not hint (preload) it for this visitor either.
    this.mirrorToCookie();
  }

  /** The last rollout manifest that validated, as it was fetched (validated again when used). */
  lastGoodManifest(): unknown {
    return parseJson(this.get(STORAGE_KEYS.manifest));
  }

  keepManifest(raw: unknown): void {
    this.set(STORAGE_KEYS.manifest, JSON.stringify(raw));
  }
}
