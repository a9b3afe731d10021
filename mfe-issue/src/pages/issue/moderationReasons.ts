/** Why the api refused a text (`api.moderation.<key>`, api/README "Moderation"), in the form's words. */
export const MODERATION_REASONS = {
  gambling: { id: 'issue.moderation.gambling' },
  adult: { id: 'issue.moderation.adult' },
  violence: { id: 'issue.moderation.violence' },
  hate: { id: 'issue.moderation.hate' },
  drugs: { id: 'issue.moderation.drugs' },
  sensitive: { id: 'issue.moderation.sensitive' },
  urlScheme: { id: 'issue.moderation.urlScheme' },
  urlShortener: { id: 'issue.moderation.urlShortener' },
  urlIpHost: { id: 'issue.moderation.urlIpHost' },
  linkInText: { id: 'issue.moderation.linkInText' },
  contactHandle: { id: 'issue.moderation.contactHandle' },
  mixedScript: { id: 'issue.moderation.mixedScript' },
  rejectedInReview: { id: 'issue.moderation.rejectedInReview' },
} as const;

export type ModerationReason = keyof typeof MODERATION_REASONS;

/** `api.moderation.gambling` → 'gambling'; null for a reason this page does not know (shown as a plain refusal). */
export function moderationReason(key: unknown): ModerationReason | null {
  if (typeof key !== 'string' || !key.startsWith('api.moderation.')) return null;
  const reason = key.slice('api.moderation.'.length);
  return Object.hasOwn(MODERATION_REASONS, reason) ? (reason as ModerationReason) : null;
}
