/** The fit worker: a thin shell around handleFitRequest, keeping the last prepared body. */
import { type FitRequest, fitCache, handleFitRequest } from './fit-protocol.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<FitRequest>) => void) | null;
  postMessage(message: unknown): void;
};
const cache = fitCache();

scope.onmessage = (event) => {
  if (event.data?.type === 'fit')
    handleFitRequest(event.data, (message) => scope.postMessage(message), cache);
};
