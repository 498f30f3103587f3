import { Vector3 } from 'three';

let point: Vector3 | null = null;

/**
 * The point the view orbits around when "Orbit around the last painted or picked point" is on
 * (Blender's Orbit Around Selection): where the last stroke ended, the last click met the
 * surface, or the bone a click picked. Framing forgets it (the view centre is the pivot again).
 */
export const orbitPivot = {
  get point(): Vector3 | null {
    return point;
  },
  set(p: Vector3 | readonly number[]): void {
    point = p instanceof Vector3 ? p.clone() : new Vector3(p[0], p[1], p[2]);
  },
  clear(): void {
    point = null;
  },
};
