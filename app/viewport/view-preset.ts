/** The six axis views of Blender's numpad (1, 3, 7; Ctrl for the opposite side). Three.js-free: the toolbar imports it. */
export type ViewPreset = 'front' | 'back' | 'right' | 'left' | 'top' | 'bottom';

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
