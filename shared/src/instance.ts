function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Made once when this module is evaluated: host and remotes rendering the same value proves the
 * page holds one copy of @prds/shared (one store, one wallet context).
 */
export const SHARED_INSTANCE_ID: string = randomId();
