import { viewport } from '../viewport-bridge.ts';

/** Thumbnail size in pixels: 4:3, twice what the restore list shows (sharp on HiDPI screens). */
const THUMB_WIDTH = 160;
const THUMB_HEIGHT = 120;
/** A frame that does not come in this time (no viewport, a lost context) gives no thumbnail. */
const FRAME_TIMEOUT_MS = 1000;

const canvasOf = () => document.querySelector<HTMLCanvasElement>('.viewport-canvas canvas');

/**
 * A small PNG of the viewport. The WebGL canvas keeps no drawing buffer between frames
 * (preserveDrawingBuffer costs every frame), so this asks for a frame and copies it, scaled
 * down, into a 2D canvas right after it is rendered, before the browser clears the buffer.
 * The PNG is encoded off the main thread by `toBlob`. Null when there is nothing to copy.
 */
export async function captureThumbnail(): Promise<Uint8Array | null> {
  const canvas = canvasOf();
  if (!canvas || canvas.width === 0 || canvas.height === 0) return null;
  const small = document.createElement('canvas');
  small.width = THUMB_WIDTH;
  small.height = THUMB_HEIGHT;
  // The middle of the view at 4:3 (the model is framed in the middle), scaled down.
  const scale = Math.min(canvas.width / THUMB_WIDTH, canvas.height / THUMB_HEIGHT);
  const sw = THUMB_WIDTH * scale;
  const sh = THUMB_HEIGHT * scale;
  const sx = (canvas.width - sw) / 2;
  const sy = (canvas.height - sh) / 2;
  const drawn = await Promise.race([
    viewport.nextFrame().then(() => {
      small.getContext('2d')?.drawImage(canvas, sx, sy, sw, sh, 0, 0, THUMB_WIDTH, THUMB_HEIGHT);
      return true;
    }),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), FRAME_TIMEOUT_MS)),
  ]);
  if (!drawn) return null;
  const blob = await new Promise<Blob | null>((resolve) => small.toBlob(resolve, 'image/png'));
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
}
