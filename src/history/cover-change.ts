/**
 * What a step did to its layer's coverage, per primitive, as signed vertex lists: `v` (≥ 0) the
 * layer came to cover vertex v, `~v` (< 0) it stopped covering it (a tool put v back to exactly
 * the stack below). Undo plays the list backwards, redo forwards: a brush covers vertices it
 * leaves at the weight they had, so the weights alone cannot say what the step covered.
 */
export type CoverChange = Map<number, Int32Array>;

/** The vertex of a signed entry. */
export function coverVertex(entry: number): number {
  return entry >= 0 ? entry : ~entry;
}

/**
 * A primitive's log of cover (`v`) and uncover (`~v`) events, in order, as the net change per
 * vertex: a vertex covered then uncovered (or the reverse) within the step changed nothing.
 * `coveredNow(v)` says whether the layer covers v at the end of the step.
 */
export function netCoverChange(log: readonly number[], coveredNow: (v: number) => boolean): Int32Array {
  // The first event of each vertex says what it was before the step (covered: its first event
  // uncovers it). 1: first covered, 2: first uncovered.
  let max = -1;
  for (const e of log) max = Math.max(max, coverVertex(e));
  const first = new Uint8Array(max + 1);
  const out: number[] = [];
  for (const e of log) {
    const v = coverVertex(e);
    if (first[v] !== 0) continue;
    first[v] = e >= 0 ? 1 : 2;
    const before = first[v] === 2;
    const now = coveredNow(v);
    if (before !== now) out.push(now ? v : ~v);
  }
  return Int32Array.from(out);
}

/** Two changes one after the other (a step's parts, or squashed steps) as one, per primitive. */
export function mergeCoverChanges(
  a: ReadonlyMap<number, Int32Array> | null,
  b: ReadonlyMap<number, Int32Array> | null,
): CoverChange {
  const out: CoverChange = new Map(a ?? []);
  for (const [p, second] of b ?? []) {
    const firstList = out.get(p);
    out.set(p, firstList ? mergeLists(firstList, second) : second);
  }
  return out;
}

/** Net change of two signed lists: covered then uncovered cancels out. Linear, no Set. */
function mergeLists(a: Int32Array, b: Int32Array): Int32Array {
  let max = -1;
  for (const e of a) max = Math.max(max, coverVertex(e));
  for (const e of b) max = Math.max(max, coverVertex(e));
  const sum = new Int8Array(max + 1);
  for (const e of a) sum[coverVertex(e)] += e >= 0 ? 1 : -1;
  for (const e of b) sum[coverVertex(e)] += e >= 0 ? 1 : -1;
  const out: number[] = [];
  const emit = (e: number) => {
    const v = coverVertex(e);
    const s = sum[v];
    if (s === 0) return;
    out.push(s > 0 ? v : ~v);
    sum[v] = 0;
  };
  for (const e of a) emit(e);
  for (const e of b) emit(e);
  return Int32Array.from(out);
}

/** Memory a change holds (for the undo stack's budget). */
export function coverChangeBytes(change: ReadonlyMap<number, Int32Array> | undefined): number {
  let n = 0;
  for (const list of change?.values() ?? []) n += list.byteLength;
  return n;
}

/** The vertex range of each primitive's list, to announce as changed. */
export function coverChangeRanges(change: ReadonlyMap<number, ArrayLike<number>>): {
  primitive: number;
  start: number;
  end: number;
}[] {
  const out: { primitive: number; start: number; end: number }[] = [];
  for (const [primitive, list] of change) {
    if (list.length === 0) continue;
    let lo = Number.POSITIVE_INFINITY;
    let hi = -1;
    for (let k = 0; k < list.length; k++) {
      const v = coverVertex(list[k]);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    out.push({ primitive, start: lo, end: hi + 1 });
  }
  return out;
}
