/**
 * `npm run bench`: runs every test/bench/*.bench.ts (each exports `benchmarks()`), prints a table
 * of medians (with each row's peer, timed in the same run, and our time as a ratio to it), and
 * with BENCH_JSON=<path> writes [{name, median_ms, samples, peer?, ratio?}] there.
 * `npm run bench -- <filter>` runs only benchmarks whose name contains the filter.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchModule, type BenchResult, runBenchmark } from '../test/bench/harness.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'test', 'bench');
const filter = process.argv[2] ?? '';

const results: BenchResult[] = [];
for (const file of readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  const mod = (await import(pathToFileURL(join(benchDir, file)).href)) as BenchModule;
  for (const bench of await mod.benchmarks()) {
    if (filter && !bench.name.includes(filter)) continue;
    const result = await runBenchmark(bench);
    results.push(result);
    const peer =
      result.peer !== undefined
        ? `  ×${result.ratio!.toFixed(2)} of ${result.peer} (${result.peer_median_ms!.toFixed(3)} ms)`
        : '';
    console.log(
      `${result.name.padEnd(28)} median ${result.median_ms.toFixed(3).padStart(10)} ms  ` +
        `(min ${result.min_ms.toFixed(3)}, max ${result.max_ms.toFixed(3)}, n=${result.samples})${peer}`,
    );
  }
}

console.log(
  '\n| benchmark | median ms | samples | peer (same run) | peer ms | ratio |\n|---|---:|---:|---|---:|---:|',
);
for (const r of results)
  console.log(
    `| ${r.name} | ${r.median_ms.toFixed(3)} | ${r.samples} | ${r.peer ?? '—'} | ` +
      `${r.peer_median_ms?.toFixed(3) ?? '—'} | ${r.ratio?.toFixed(2) ?? '—'} |`,
  );

if (process.env.BENCH_JSON) {
  const json = results.map(({ name, median_ms, samples, peer, ratio }) => ({
    name,
    median_ms,
    samples,
    ...(peer !== undefined ? { peer, ratio } : {}),
  }));
  writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nwrote ${process.env.BENCH_JSON}`);
}
