import { create } from 'zustand';
import type { OrbitStyle } from './camera-math.ts';

const KEY = 'skinsmith.camera';

/** The camera's settings: kept for the next visit, except the projection (every file opens in perspective). */
export interface CameraSettings {
  /** Orthographic projection (Numpad 5). */
  ortho: boolean;
  /** Turntable (the default: the up axis stays up) or trackball. */
  style: OrbitStyle;
  /** Orbit around the last painted or picked point rather than the view centre. */
  aroundPick: boolean;
  set: (change: Partial<Omit<CameraSettings, 'set'>>) => void;
}

function saved(): Partial<CameraSettings> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<CameraSettings>;
    return {
      ...(value.style === 'trackball' || value.style === 'turntable' ? { style: value.style } : {}),
      ...(typeof value.aroundPick === 'boolean' ? { aroundPick: value.aroundPick } : {}),
    };
  } catch {
    return {};
  }
}

export const useCamera = create<CameraSettings>((set, get) => ({
  ortho: false,
  style: 'turntable',
  aroundPick: true,
  ...(typeof localStorage === 'undefined' ? {} : saved()),
  set: (change) => {
    set(change);
    const { style, aroundPick } = get();
    try {
      localStorage.setItem(KEY, JSON.stringify({ style, aroundPick }));
    } catch {
      // Private mode or a full quota: the setting holds for this visit.
    }
  },
}));
