/** A message for the status bar: import repairs, warnings, refusals. */
export interface Notice {
  level: 'info' | 'warning' | 'error';
  message: string;
}

const REASON_TEXT: Record<string, string> = {
  nan: 'weights that were NaN or infinite',
  negative: 'negative weights',
  'duplicate-joint': 'the same joint twice',
  'joint-out-of-range': 'joint indices outside the skin',
  sum: 'weights not summing to 1',
  'all-zero': 'no weight at all',
  'too-many-influences': 'more influences than the limit',
};

/** The import-repair notice, e.g. "Repaired 749 vertices: 749 weights not summing to 1." */
export function repairNotice(repaired: number, reasons: Record<string, number>): Notice | null {
  if (repaired === 0) return null;
  const parts = Object.entries(reasons)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${n} with ${REASON_TEXT[reason] ?? reason}`);
  return {
    level: 'warning',
    message: `Repaired the weights of ${repaired} vertices on import (${parts.join('; ')}); they now sum to 1.`,
  };
}
