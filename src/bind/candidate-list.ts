/**
 * CandidateList: one vertex's candidate bones while auto-bind weighs them: a short list of
 * (label, distance) pairs keeping the minimum distance per label. One instance is reused for
 * every vertex, so the per-vertex loops do not allocate.
 */
export class CandidateList {
  labels = new Int32Array(64);
  dist = new Float64Array(64);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /** Records `d` for `label`, keeping the smaller distance when the label is already listed. */
  offer(label: number, d: number): void {
    for (let i = 0; i < this.count; i++) {
      if (this.labels[i] === label) {
        if (d < this.dist[i]) this.dist[i] = d;
        return;
      }
    }
    if (this.count === this.labels.length) {
      const labels = new Int32Array(this.count * 2);
      const dist = new Float64Array(this.count * 2);
      labels.set(this.labels);
      dist.set(this.dist);
      this.labels = labels;
      this.dist = dist;
    }
    this.labels[this.count] = label;
    this.dist[this.count] = d;
    this.count++;
  }

  /** Keeps only the labels flagged in `allowed`. */
  retain(allowed: Uint8Array): void {
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      if (!allowed[this.labels[i]]) continue;
      this.labels[n] = this.labels[i];
      this.dist[n++] = this.dist[i];
    }
    this.count = n;
  }

  /** The smallest distance listed (∞ when empty). */
  minDistance(): number {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.count; i++) if (this.dist[i] < best) best = this.dist[i];
    return best;
  }
}
