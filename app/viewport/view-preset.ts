/** The six axis views of Blender's numpad (1, 3, 7; Ctrl for the opposite side). Three.js-free: the toolbar imports it. */
export type ViewPreset = 'front' | 'back' | 'right' | 'left' | 'top' | 'bottom';

/** Blender's numpad orbit steps: 4 / 6 turn about the up axis, 8 / 2 tilt, 9 looks from the opposite side. */
export type OrbitStep = 'left' | 'right' | 'up' | 'down' | 'opposite';

const OPPOSITE: Record<ViewPreset, ViewPreset> = {
  front: 'back',
  back: 'front',
  right: 'left',
  left: 'right',
  top: 'bottom',
  bottom: 'top',
};

/** The opposite side of a preset (Ctrl + numpad key, Ctrl+click). */
export function oppositePreset(preset: ViewPreset): ViewPreset {
  return OPPOSITE[preset];
}
