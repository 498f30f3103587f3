/** What a user would reach for instead, timed on the same data in the same run. */
export interface Peer {
  /** What it is, e.g. "glTF-Transform readBinary". */
  name: string;
  setup?: () => unknown | Promise<unknown>;
  fn: () => unknown | Promise<unknown>;
}

/** One benchmark: `setup` runs once (untimed), `fn` is timed per sample. */
export interface Benchmark {
  name: string;
  setup?: () => unknown | Promise<unknown>;
  fn: () => unknown | Promise<unknown>;
  /** Samples to take after warm-up (default: as many as fit in ~2 s, at least 5, at most 200). */
  samples?: number;
  /** Timed alternately with `fn`, sample for sample, so host drift hits both alike. */
  peer?: Peer;
}

export interface BenchResult {
  name: string;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  samples: number;
  /** The peer's name and median, and ours as a ratio to it (< 1: we are faster). */
  peer?: string;
  peer_median_ms?: number;
  ratio?: number;
}

/** A module under test/bench exports this. */
export type BenchModule = { benchmarks: () => Promise<Benchmark[]> | Benchmark[] };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs one benchmark (and its peer, interleaved): warm-up (JIT), then timed samples; medians. */
export async function runBenchmark(bench: Benchmark): Promise<BenchResult> {
  await bench.setup?.();
  await bench.peer?.setup?.();
  const warmupEnd = performance.now() + 500;
  let warm = 0;
  while (warm < 3 || (performance.now() < warmupEnd && warm < 50)) {
    await bench.fn();
    await bench.peer?.fn();
    warm++;
  }
  const times: number[] = [];
  const peerTimes: number[] = [];
  const budgetEnd = performance.now() + (bench.peer ? 4000 : 2000);
  const target = bench.samples;
  while (
    target ? times.length < target : times.length < 5 || (performance.now() < budgetEnd && times.length < 200)
  ) {
    const t0 = performance.now();
    await bench.fn();
    times.push(performance.now() - t0);
    if (bench.peer) {
      const t1 = performance.now();
      await bench.peer.fn();
      peerTimes.push(performance.now() - t1);
    }
  }
  const result: BenchResult = {
    name: bench.name,
    median_ms: median(times),
    min_ms: Math.min(...times),
    max_ms: Math.max(...times),
    samples: times.length,
  };
  if (bench.peer) {
    result.peer = bench.peer.name;
    result.peer_median_ms = median(peerTimes);
    result.ratio = result.median_ms / result.peer_median_ms;
  }
  return result;
}
