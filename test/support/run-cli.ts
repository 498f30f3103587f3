/** Runs the CLI in process (src/cli/main.ts) and collects what it writes. */
import { main } from '../../src/cli/main.ts';

/** The exit code, stdout and stderr of `skinsmith ...argv`, and stdout parsed as JSON. */
export async function runCli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}
