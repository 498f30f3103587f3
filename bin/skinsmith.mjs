#!/usr/bin/env node
// The `skinsmith` command: runs src/cli/main.ts through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
