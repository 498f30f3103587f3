/**
 * The crease inspector's colour key, shared by the overlay's shader and the panel's legend (no
 * three.js import: the panel is part of the first paint, the viewport is not).
 */

/** Distortion (relative change of a vertex's edges; 0.3 = 30%) drawn fully red. */
export const CREASE_FULL = 0.3;

/** The legend's stops (sRGB), undistorted → CREASE_FULL; the shader mixes the same ones. */
export const CREASE_STOPS = ['#767676', '#ffb41a', '#f30000'] as const;
