/**
 * Heat-map colours shared by the shader and the legend (no three.js import: the legend is part
 * of the first paint, the viewport is not).
 */

/** A weight of exactly zero: a dark blue-grey, apart from the ramp's blue and the background. */
export const HEAT_ZERO_SRGB = '#3b4358';

/** The ramp's stops, weight 0 → 1 (linear-light RGB; the shader mixes between them). */
export const HEAT_STOPS = ['#0000ff', '#00ffff', '#00ff00', '#ffff00', '#ff0000'] as const;
