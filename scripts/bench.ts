/**
 * `npm run bench`: runs every test/bench/*.bench.ts (each exports `benchmarks()`), prints a table
 * of medians, and with BENCH_JSON=<path> writes [{name, median_ms, samples}] there.
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
    console.log(
      `${result.name.padEnd(28)} median ${result.median_ms.toFixed(3).padStart(10)} ms  ` +
        `(min ${result.min_ms.toFixed(3)}, max ${result.max_ms.toFixed(3)}, n=${result.samples})`,
    );
  }
}

console.log('\n| benchmark | median ms | samples |\n|---|---:|---:|');
for (const r of results) console.log(`| ${r.name} | ${r.median_ms.toFixed(3)} | ${r.samples} |`);

if (process.env.BENCH_JSON) {
  const json = results.map(({ name, median_ms, samples }) => ({ name, median_ms, samples }));
  writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nwrote ${process.env.BENCH_JSON}`);
}
