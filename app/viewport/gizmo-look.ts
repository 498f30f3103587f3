/**
 * How every gizmo's handles look (Pose mode's rotate rings, Skeleton mode's move arrows and turn
 * rings): drawn over the mesh, unlit; the handle under the pointer or being dragged lit yellow,
 * the others stepping back while one drags.
 */
import { type ColorRepresentation, MeshBasicMaterial } from 'three';

/** The colour of the handle under the pointer or being dragged. */
export const HANDLE_HOVER = '#ffe14a';

/** A handle's material: over the mesh (no depth test), unlit, a little see-through. */
export function handleMaterial(color: ColorRepresentation): MeshBasicMaterial {
  return new MeshBasicMaterial({
    color,
    depthTest: false,
    depthWrite: false,
    transparent: true,
    opacity: 0.95,
    toneMapped: false,
  });
}

/**
 * Lights handle `active ?? hovered` and gives the others their own colour; while one is dragged
 * (`active`), the others step back to `dimmed` opacity.
 */
export function lightHandles<H extends string>(
  handles: Iterable<[H, readonly MeshBasicMaterial[]]>,
  colors: Record<H, ColorRepresentation>,
  hovered: H | null,
  active: H | null,
  dimmed = 0.3,
): void {
  for (const [handle, materials] of handles) {
    const lit = handle === (active ?? hovered);
    for (const material of materials) {
      material.color.set(lit ? HANDLE_HOVER : colors[handle]);
      material.opacity = active && handle !== active ? dimmed : 0.95;
    }
  }
}
