/** Bad command-line usage: reported as one line on stderr with exit code 2, never a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
