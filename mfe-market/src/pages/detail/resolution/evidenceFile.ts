/** The 'battle image' a challenge carries: checked here first so a wrong file never leaves the page (the api checks the bytes again). */

export const EVIDENCE_MAX_BYTES = 2 * 1024 * 1024;
export const EVIDENCE_TEXT_MAX = 2000;
export const EVIDENCE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type EvidenceError = 'imageType' | 'imageTooLarge' | 'textTooLong' | 'empty';

export function checkEvidence(
  image: { readonly type: string; readonly size: number } | null,
  text: string,
): EvidenceError | null {
  if (image !== null) {
    if (!EVIDENCE_IMAGE_TYPES.some((type) => type === image.type)) return 'imageType';
    if (image.size > EVIDENCE_MAX_BYTES) return 'imageTooLarge';
  }
  if (text.length > EVIDENCE_TEXT_MAX) return 'textTooLong';
  if (image === null && text.trim() === '') return 'empty';
  return null;
}

/** The api's evidence errors (api/README "Error catalogue") → the challenge form's words. */
export const EVIDENCE_API_ERRORS: Readonly<Record<string, EvidenceError | 'textInvalid'>> = {
  'api.error.fileTooLarge': 'imageTooLarge',
  'api.error.imageInvalid': 'imageType',
  'api.error.evidenceEmpty': 'empty',
  'api.error.textInvalid': 'textInvalid',
};
