/**
 * StrokeSpacing: where dabs fall along a stroke's path — every `step` world units of path
 * length (spacing × radius), carrying the remainder from one pointer move to the next, so a
 * fast and a slow drag over the same path lay the same dabs.
 */

/** Most dabs one pointer move may produce (a guard against a tiny step on a long jump). */
export const MAX_DABS_PER_MOVE = 256;

export class StrokeSpacing {
  /** Fractions along the last segment where dabs fall (first `count` entries). */
  readonly at = new Float64Array(MAX_DABS_PER_MOVE);
  /** Path length since the last dab. */
  private carried = 0;

  /** Starts a stroke (the first dab is placed by the caller at the start point). */
  start(): void {
    this.carried = 0;
  }

  /**
   * Advances along a segment of length `length`; writes the fractions (0, 1] where dabs fall to
   * {@link at} and returns how many. `step` ≤ 0 places one dab at the segment's end.
   */
  advance(length: number, step: number): number {
    if (!(length > 0)) return 0;
    if (!(step > 0)) {
      this.at[0] = 1;
      this.carried = 0;
      return 1;
    }
    // Positions from the index (not by repeated addition), with a hair of slack so a dab that
    // falls exactly on the segment's end is not lost to rounding.
    const first = step - this.carried;
    const end = length + step * 1e-9;
    let n = 0;
    while (n < MAX_DABS_PER_MOVE && first + n * step <= end) {
      this.at[n] = Math.min(1, (first + n * step) / length);
      n++;
    }
    // After the guard trips the carry restarts at the segment's end.
    this.carried =
      n === 0
        ? this.carried + length
        : n === MAX_DABS_PER_MOVE
          ? 0
          : Math.max(0, length - (first + (n - 1) * step));
    return n;
  }
}
