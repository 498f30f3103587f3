const listeners = new Set<() => void>();

/** Tells the bones overlay (and anything drawn at joints) that the joints moved. */
export const posedSignal = {
  on(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  emit(): void {
    for (const fn of listeners) fn();
  },
};
