/** The transfer worker: a thin shell around handleTransferRequest. */
import { handleTransferRequest, type TransferRequest } from './transfer-protocol.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<TransferRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  if (event.data?.type === 'transfer')
    handleTransferRequest(event.data, (message, transfer) => scope.postMessage(message, transfer));
};
