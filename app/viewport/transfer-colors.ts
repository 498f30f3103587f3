/**
 * The transfer view's colours and names, shared by the shader and the legend (no three.js
 * import: the legend is part of the panels). Index = TransferStatus (src/transfer), plus one
 * for the vertices the last transfer did not write.
 */
export const TRANSFER_COLORS_SRGB = ['#3b4358', '#2fbf5f', '#f07a2a', '#cc4fd8', '#8a8f9a'] as const;

export const TRANSFER_LABELS = [
  'unweighted',
  'copied (matched)',
  'inpainted',
  'seeded (no match on its piece)',
  'not transferred (kept their weights)',
] as const;

/** The value of vertices the last transfer did not write: outside its targets, or kept (TransferStatus.kept). */
export const TRANSFER_UNTOUCHED = 4;

export const TRANSFER_ATTRIBUTE = 'transferStatus';
