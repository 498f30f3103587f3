import type { Page } from '@playwright/test';

/** The viewport's background (app/viewport/Viewport.tsx BACKGROUND), as drawn. */
const BACKGROUND = [0x2b, 0x2b, 0x2b];
/** Every STEP-th pixel in x and y: plenty for coverage and change checks, small to pass around. */
const STEP = 3;

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 values per sampled pixel, row-major. */
  rgb: number[];
}

/**
 * A screenshot of the 3D view (what the user sees, after the next frame has rendered), decoded
 * by the browser itself and sampled.
 */
export async function viewportPixels(page: Page): Promise<Pixels> {
  await page.evaluate(() => window.skinsmith.frame());
  const png = await page.locator('.viewport canvas').screenshot();
  return page.evaluate(
    async ({ b64, step }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const rgb: number[] = [];
      let width = 0;
      let height = 0;
      for (let y = 0; y < bitmap.height; y += step, height++) {
        width = 0;
        for (let x = 0; x < bitmap.width; x += step, width++) {
          const i = (y * bitmap.width + x) * 4;
          rgb.push(data[i], data[i + 1], data[i + 2]);
        }
      }
      return { width, height, rgb };
    },
    { b64: png.toString('base64'), step: STEP },
  );
}

/** Fraction of the central region (the middle `size` of each axis) that is not background. */
export function coverage(p: Pixels, size = 0.4): number {
  const x0 = Math.floor((p.width * (1 - size)) / 2);
  const y0 = Math.floor((p.height * (1 - size)) / 2);
  let drawn = 0;
  let total = 0;
  for (let y = y0; y < p.height - y0; y++) {
    for (let x = x0; x < p.width - x0; x++) {
      const i = (y * p.width + x) * 3;
      const d =
        Math.abs(p.rgb[i] - BACKGROUND[0]) +
        Math.abs(p.rgb[i + 1] - BACKGROUND[1]) +
        Math.abs(p.rgb[i + 2] - BACKGROUND[2]);
      total++;
      if (d > 12) drawn++;
    }
  }
  return drawn / total;
}

/** Fraction of sampled pixels that differ visibly between two pictures of the same size. */
export function difference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    const d =
      Math.abs(a.rgb[i] - b.rgb[i]) +
      Math.abs(a.rgb[i + 1] - b.rgb[i + 1]) +
      Math.abs(a.rgb[i + 2] - b.rgb[i + 2]);
    if (d > 24) changed++;
  }
  return changed / (a.rgb.length / 3);
}

/** Fraction of sampled pixels that are strongly red (weight near 1 on the heat map). */
export function redFraction(p: Pixels): number {
  let red = 0;
  for (let i = 0; i < p.rgb.length; i += 3)
    if (p.rgb[i] > 200 && p.rgb[i + 1] < 80 && p.rgb[i + 2] < 80) red++;
  return red / (p.rgb.length / 3);
}
