/**
 * The auto-bind worker: a thin shell that hands each request to handleAutobindRequest and posts
 * back what it says (progress, then the weights with their buffers transferred).
 */
import { type AutobindRequest, handleAutobindRequest } from './autobind-protocol.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<AutobindRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  if (event.data?.type === 'bind')
    handleAutobindRequest(event.data, (message, transfer) => scope.postMessage(message, transfer));
};
