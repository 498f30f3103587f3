import { type CameraState, cameraBridge } from './camera-bridge.ts';
import type { OrbitStyle } from './camera-math.ts';
import { useCamera } from './camera-store.ts';
import type { ViewPreset } from './view-preset.ts';

/** `skinsmith.camera`: the viewport camera for scripts and tests (docs/scripting.md). */
export interface ScriptCamera {
  /** Where the camera is and looks, its screen axes in the world, the zoom and the orbit pivot. */
  state(): CameraState | null;
  /** Turns to an axis view (the toolbar's Front, Side, Top; Numpad 1, 3, 7, Ctrl for the opposite). */
  view(preset: ViewPreset): void;
  /** Reads, or sets then reads, the orthographic projection. */
  orthographic(on?: boolean): boolean;
  /** Reads, or sets then reads, how a drag orbits. */
  orbitStyle(style?: OrbitStyle): OrbitStyle;
}

export const scriptCamera: ScriptCamera = {
  state: () => cameraBridge.state(),
  view: (preset) => cameraBridge.preset(preset),
  orthographic: (on) => {
    if (on !== undefined) useCamera.getState().set({ ortho: on });
    return useCamera.getState().ortho;
  },
  orbitStyle: (style) => {
    if (style) useCamera.getState().set({ style });
    return useCamera.getState().style;
  },
};
