/** One benchmark: `setup` runs once (untimed), `fn` is timed per sample. */
export interface Benchmark {
  name: string;
  setup?: () => unknown | Promise<unknown>;
  fn: () => unknown | Promise<unknown>;
  /** Samples to take after warm-up (default: as many as fit in ~2 s, at least 5, at most 200). */
  samples?: number;
}

export interface BenchResult {
  name: string;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  samples: number;
}

/** A module under test/bench exports this. */
export type BenchModule = { benchmarks: () => Promise<Benchmark[]> | Benchmark[] };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs one benchmark: warm-up (JIT), then timed samples; reports the median. */
export async function runBenchmark(bench: Benchmark): Promise<BenchResult> {
  await bench.setup?.();
  const warmupEnd = performance.now() + 500;
  let warm = 0;
  while (warm < 3 || (performance.now() < warmupEnd && warm < 50)) {
    await bench.fn();
    warm++;
  }
  const times: number[] = [];
  const budgetEnd = performance.now() + 2000;
  const target = bench.samples;
  while (
    target ? times.length < target : times.length < 5 || (performance.now() < budgetEnd && times.length < 200)
  ) {
    const t0 = performance.now();
    await bench.fn();
    times.push(performance.now() - t0);
  }
  return {
    name: bench.name,
    median_ms: median(times),
    min_ms: Math.min(...times),
    max_ms: Math.max(...times),
    samples: times.length,
  };
}
