#!/usr/bin/env node
// The `skinsmith` command: runs src/cli/main.ts through tsx (no build step).
import { register } from 'tsx/esm/api';

// `skinsmith validate big.glb | head`: the reader may close the pipe before we are done writing.
// That is not an error of ours: stop quietly, as cat and grep do, instead of an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
