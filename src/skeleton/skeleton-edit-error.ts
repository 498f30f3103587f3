/**
 * A skeleton edit refused for a reason the user can fix (an unknown joint, a cycle, the only
 * root, a non-finite number): the CLI prints its message as one line and exits 2, the editor
 * throws it to the caller with nothing changed.
 */
export class SkeletonEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SkeletonEditError';
  }
}
