// Checks any page must pass, whatever it shows: no sideways scrolling, and no text drawn as the
// missing-glyph box ("tofu") because no installed font has the characters.
import { expect, type Page } from '@playwright/test';

/** Nothing wider than the viewport: the document cannot be scrolled sideways. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `page ${page.url()} is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * The visible characters of the page that Chromium draws as the missing-glyph box. Each character is
 * drawn on a canvas in its element's own font and compared, pixel for pixel, with a noncharacter
 * (U+FDD0, which no font has) drawn in that font: Chromium draws every glyph it cannot find as the
 * same box, so an equal image means tofu.
 */
export async function tofuCharacters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    const draw = (font: string, text: string): string => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.font = font;
      ctx.fillText(text, 4, 36);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let hash = 0;
      for (let i = 3; i < data.length; i += 4) hash = (Math.imul(hash, 31) + (data[i] ?? 0)) | 0;
      return `${hash}`;
    };
    const byFont = new Map<string, Set<string>>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('[hidden], [aria-hidden="true"], script, style') !== null) continue;
      if (element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      // The element's font at a size the canvas holds.
      const font = `${style.fontStyle} ${style.fontWeight} 28px ${style.fontFamily}`;
      const chars = byFont.get(font) ?? new Set<string>();
      byFont.set(font, chars);
      // Letters, marks and symbols; spaces and invisible formatting characters draw nothing anyway.
      for (const char of node.textContent ?? '') if (/[^\s\p{Cf}\p{Cc}]/u.test(char)) chars.add(char);
    }
    const tofu: string[] = [];
    for (const [font, chars] of byFont) {
      const missing = draw(font, '\uFDD0');
      for (const char of chars) if (draw(font, char) === missing) tofu.push(char);
    }
    return [...new Set(tofu)];
  });
}

export async function expectNoTofu(page: Page): Promise<void> {
  expect(await tofuCharacters(page), `characters drawn as boxes on ${page.url()}`).toEqual([]);
}
