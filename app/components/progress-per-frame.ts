/**
 * A long job's progress for a store: a worker reports every ~10 ms, the store (and React) hears
 * it once per animation frame at most. `stop` drops a pending frame (the job ended).
 */
export function progressPerFrame(publish: (fraction: number) => void): {
  onProgress: (fraction: number) => void;
  stop: () => void;
} {
  let pending = -1;
  let frame = 0;
  let stopped = false;
  return {
    onProgress: (fraction) => {
      pending = fraction;
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (!stopped) publish(pending);
      });
    },
    stop: () => {
      stopped = true;
      cancelAnimationFrame(frame);
    },
  };
}
