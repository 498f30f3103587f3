/**
 * The influence-count view's colours, shared by the shader and the legend (no three.js import:
 * the legend is part of the panels, the viewport loads later). Index = number of influences.
 */

/**
 * 0 (only on unskinned or broken vertices) is the heat map's "no influence" blue-grey; 1…8 are
 * far apart in hue so neighbouring counts never read as one: 1 blue, 2 green, 3 yellow, 4 orange
 * (the glTF limit of one set), 5 red, 6 magenta, 7 violet, 8 white.
 */
export const COUNT_COLORS_SRGB = [
  '#3b4358',
  '#3f86f0',
  '#2fbf5f',
  '#f0d43a',
  '#f07a2a',
  '#e0304a',
  '#cc4fd8',
  '#8f63f2',
  '#f2f2f2',
] as const;

/** The most influences the view colours (two glTF sets). */
export const COUNT_MAX = COUNT_COLORS_SRGB.length - 1;
