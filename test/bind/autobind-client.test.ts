/** The worker protocol and client, with a fake worker that runs the protocol in-process. */
import { describe, expect, it } from 'vitest';
import { AutobindClient, type WorkerLike } from '../../src/bind/autobind-client.ts';
import {
  type AutobindRequest,
  type AutobindResponse,
  handleAutobindRequest,
} from '../../src/bind/autobind-protocol.ts';
import { bindInput, problems, stickFigure } from './fixtures.ts';

/** A worker that handles each request on the next tick, like a real one would asynchronously. */
function fakeWorker(options: { cancelAfter?: number } = {}): WorkerLike & { terminated: boolean } {
  const w: WorkerLike & { terminated: boolean } = {
    onmessage: null,
    terminated: false,
    postMessage(message: AutobindRequest) {
      setTimeout(() => {
        let progress = 0;
        handleAutobindRequest(message, (m: AutobindResponse) => {
          if (w.terminated) return;
          if (m.type === 'progress' && ++progress === options.cancelAfter && message.abort) {
            Atomics.store(new Int32Array(message.abort), 0, 1);
          }
          w.onmessage?.({ data: structuredClone(m) });
        });
      }, 0);
    },
    terminate() {
      w.terminated = true;
    },
  };
  return w;
}

describe('auto-bind worker protocol', () => {
  it('posts progress then the weights', () => {
    const { mesh, joints } = stickFigure();
    const messages: AutobindResponse[] = [];
    handleAutobindRequest(
      { type: 'bind', id: 7, input: bindInput([mesh], joints), options: { resolution: 48 } },
      (m, transfer) => {
        messages.push(m);
        if (m.type === 'done') expect(transfer).toHaveLength(2);
      },
    );
    expect(messages.at(-1)?.type).toBe('done');
    expect(messages.filter((m) => m.type === 'progress').length).toBeGreaterThan(1);
    expect(messages.every((m) => m.id === 7)).toBe(true);
  });

  it('reports errors as messages', () => {
    const messages: AutobindResponse[] = [];
    handleAutobindRequest({ type: 'bind', id: 1, input: bindInput([], []), options: {} }, (m) =>
      messages.push(m),
    );
    expect(messages.at(-1)).toEqual(expect.objectContaining({ type: 'error', name: 'RangeError' }));
  });
});

describe('AutobindClient', () => {
  it('resolves with legal weights and reports progress', async () => {
    const { mesh, joints } = stickFigure();
    const client = new AutobindClient(() => fakeWorker());
    const seen: number[] = [];
    const { weights } = await client.run(bindInput([mesh], joints), { resolution: 48 }, (f) => seen.push(f))
      .promise;
    expect(problems(weights, joints.length)).toEqual([]);
    expect(seen.at(-1)).toBe(1);
    client.dispose();
  });

  it('cancels through the shared flag (AbortError)', async () => {
    const { mesh, joints } = stickFigure();
    const client = new AutobindClient(() => fakeWorker({ cancelAfter: 2 }));
    await expect(client.run(bindInput([mesh], joints), { resolution: 128 }).promise).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('cancel() rejects at once and the next run still works', async () => {
    const { mesh, joints } = stickFigure();
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = new AutobindClient(() => {
      workers.push(fakeWorker());
      return workers.at(-1)!;
    });
    const job = client.run(bindInput([mesh], joints), { resolution: 48 });
    job.cancel();
    await expect(job.promise).rejects.toMatchObject({ name: 'AbortError' });
    const again = await client.run(bindInput([mesh], joints), { resolution: 48 }).promise;
    expect(again.weights).toHaveLength(1);
  });
});
