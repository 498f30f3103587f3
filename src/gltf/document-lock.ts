import type { Document } from '@gltf-transform/core';

const queues = new WeakMap<Document, Promise<unknown>>();

/**
 * Runs `task` when every earlier task on the same document has settled. Export stages temporary
 * edits on the editor's Document and undoes them after an `await`; two exports started together
 * (a double click, an export while the source report is written) must not stage on top of each
 * other, or the second would take the first's temporary accessors for the originals.
 */
export function withDocumentLock<T>(document: Document, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(document) ?? Promise.resolve();
  const run = previous.then(task, task);
  queues.set(
    document,
    run.catch(() => undefined),
  );
  return run;
}
