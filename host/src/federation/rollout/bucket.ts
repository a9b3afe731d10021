/**
 * A visitor's rollout bucket, 0–99: a 32-bit FNV-1a hash of `salt:key` with murmur3's finalizer (so
 * neighbouring keys land far apart), modulo 100. The key is the wallet address once one has been
 * connected, else the install id; the salt is the rollout manifest's, so changing it reshuffles
 * every visitor. Same key and salt, same bucket: on every load, in every tab.
 */
export function bucketOf(key: string, salt: string): number {
  const text = `${salt}:${key}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}
