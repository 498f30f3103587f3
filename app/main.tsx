import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setDecoderLoaders } from '../src/gltf/decoders.ts';
import { App } from './components/App.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { editor } from './editor-instance.ts';
import { loadBrowserDraco, loadBrowserDracoEncoder } from './io/draco-browser.ts';
import { connectLayers } from './layers/layers-store.ts';
import { connectPaint } from './paint/connect-paint.ts';
import { connectPersist } from './persist/connect-persist.ts';
import { connectPose } from './pose/connect-pose.ts';
import { installScripting } from './scripting.ts';
import { connectSkeleton } from './skeleton/connect-skeleton.ts';
import { startup } from './startup.ts';
import { useUi } from './store.ts';
import { connectStore } from './sync-store.ts';
import './styles.css';

// Marks for the startup budget (docs/user-guide.md, last section): main → shell → first model drawn.
performance.mark('skinsmith:main');
setDecoderLoaders({ draco: loadBrowserDraco, dracoEncoder: loadBrowserDracoEncoder });
connectStore(editor);
connectLayers(editor);
connectPaint(editor);
connectPose(editor);
connectSkeleton(editor);
// Before the first model opens: autosave, the unload prompt, the restore offer.
connectPersist();
installScripting();
// Last resort: a bug outside React (an event handler, a promise) still tells the user something.
window.addEventListener('error', (e) =>
  useUi.getState().showToast('error', `Unexpected error: ${e.message}`),
);
window.addEventListener('unhandledrejection', (e) =>
  useUi.getState().showToast('error', `Unexpected error: ${(e.reason as Error)?.message ?? e.reason}`),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary what="The editor">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

startup();
