// Reading a QR code the page drew, as a phone's camera would: from the pixels, not from the DOM.
import type { BrowserContext, Locator } from '@playwright/test';
import jsQR from 'jsqr';

/** The pixels of `locator` as Chromium drew them, decoded as a QR code (jsQR); null when none is found. */
export async function decodeQr(context: BrowserContext, locator: Locator): Promise<string | null> {
  const png = await locator.screenshot({ animations: 'disabled' });
  // A blank page of the same browser turns the PNG back into RGBA pixels for jsQR.
  const scratch = await context.newPage();
  try {
    const image = await scratch.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      return { width: data.width, height: data.height, pixels: Array.from(data.data) };
    }, png.toString('base64'));
    return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data ?? null;
  } finally {
    await scratch.close();
  }
}
