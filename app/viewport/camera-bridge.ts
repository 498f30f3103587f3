import type { OrbitStep, ViewPreset } from './view-preset.ts';

/**
 * What the toolbar, keys and scripts ask of the viewport's camera (view-controls.ts does it):
 * registered when the viewport mounts, so importing this never pulls in three.js.
 */
export interface CameraApi {
  preset(preset: ViewPreset): void;
  /** One numpad orbit step (4 / 6 / 8 / 2, 9). */
  orbitStep(step: OrbitStep): void;
  /** The camera as it is now, for scripts and tests. */
  state(): CameraState;
}

/** The camera in world units: where it is, where it looks, which way is up on screen. */
export interface CameraState {
  position: [number, number, number];
  target: [number, number, number];
  /** Unit vectors: the view direction, and screen up and right in the world. */
  forward: [number, number, number];
  up: [number, number, number];
  right: [number, number, number];
  orthographic: boolean;
  /** Pixels per world unit at the target (the zoom, perspective or not). */
  pixelsPerUnit: number;
  /** The orbit pivot now (the last painted or picked point), or null (the target). */
  pivot: [number, number, number] | null;
}

let api: CameraApi | null = null;

export const cameraBridge = {
  register(impl: CameraApi): () => void {
    api = impl;
    return () => {
      if (api === impl) api = null;
    };
  },
  preset(preset: ViewPreset): void {
    api?.preset(preset);
  },
  orbitStep(step: OrbitStep): void {
    api?.orbitStep(step);
  },
  state(): CameraState | null {
    return api?.state() ?? null;
  },
};
