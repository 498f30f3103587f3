import type { BrushModifiers } from '../../src/editor/brush-settings.ts';

type V3 = [number, number, number];

/** A stroke sample in page coordinates (CSS pixels), as a pointer or a script gives it. */
export interface ScreenSample {
  x: number;
  y: number;
  /** Pen pressure 0..1 (1 for a mouse). */
  pressure?: number;
}

/** The surface under a page point. */
export interface PagePick {
  primitive: number;
  point: V3;
  normal: V3;
  /** World units per CSS pixel at the point's depth. */
  worldPerPixel: number;
  /** The triangle hit (nodes of the primitive's paint surface) and the point's barycentric weights. */
  triangle: { nodes: [number, number, number]; bary: [number, number, number] };
}

/** What the viewport's paint layer provides (it holds three.js, which loads after the panels). */
export interface PaintViewport {
  pick(x: number, y: number): PagePick | null;
  toPage(point: readonly number[]): { x: number; y: number } | null;
  begin(sample: ScreenSample, modifiers?: BrushModifiers): 'miss' | 'refused' | 'painting';
  moveTo(sample: ScreenSample): boolean;
  /** Builds surfaces and picking for the current model now. */
  prepare(): Promise<void>;
}

let impl: PaintViewport | null = null;

/** Where the pointer last was over the viewport (page px): F and Shift+F open their circle there. */
export const lastPointer = { x: 0, y: 0, over: false };

/**
 * The paint layer's services for code outside the viewport chunk (keys, panels, scripts), like
 * viewport-bridge: registered when the viewport mounts, so importing this never pulls in three.js.
 */
export const paintBridge = {
  register(api: PaintViewport): () => void {
    impl = api;
    return () => {
      if (impl === api) impl = null;
    };
  },
  /** The viewport's paint services, or null before the viewport is up. */
  get viewport(): PaintViewport | null {
    return impl;
  },
  /** Like `viewport`, but throws a clear error for scripts that run too early. */
  require(): PaintViewport {
    if (!impl) throw new Error('The 3D view is not ready yet: await skinsmith.ready first.');
    return impl;
  },
};
