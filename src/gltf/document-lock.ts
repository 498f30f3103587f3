import type { Document } from '@gltf-transform/core';

const queues = new WeakMap<Document, Promise<unknown>>();
const running = new WeakMap<Document, number>();

/** True while a locked task (an export staging its edits) runs on the document: do not read it whole. */
export function isDocumentBusy(document: Document): boolean {
  return (running.get(document) ?? 0) > 0;
}

/**
 * Runs `task` when every earlier task on the same document has settled. Export stages temporary
 * edits on the editor's Document and undoes them after an `await`; two exports started together
 * (a double click, an export while the source report is written) must not stage on top of each
 * other, or the second would take the first's temporary accessors for the originals.
 */
export function withDocumentLock<T>(document: Document, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(document) ?? Promise.resolve();
  const counted = async () => {
    running.set(document, (running.get(document) ?? 0) + 1);
    try {
      return await task();
    } finally {
      running.set(document, running.get(document)! - 1);
    }
  };
  const run = previous.then(counted, counted);
  queues.set(
    document,
    run.catch(() => undefined),
  );
  return run;
}
