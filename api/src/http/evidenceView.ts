/** Where a stored evidence image is served (GET, relative to the api's base URL). */
export function evidenceImageUrl(imageHash: string): string {
  return `/api/evidence/${imageHash}`;
}

export function evidenceView(hash: string, imageHash: string | null, text: string) {
  return { hash, imageHash, imageUrl: imageHash === null ? null : evidenceImageUrl(imageHash), text };
}
