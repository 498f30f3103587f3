import { lazy, Suspense, useEffect } from 'react';
import { AutobindPanel } from '../bind/AutobindPanel.tsx';
import { CheckOverlays } from '../checks/CheckOverlays.tsx';
import { ExportDialog } from '../export/ExportDialog.tsx';
import { PaintOverlays } from '../paint/PaintOverlays.tsx';
import { RestoreOffer } from '../persist/RestoreOffer.tsx';
import { StorageWarningBanner } from '../persist/StorageWarningBanner.tsx';
import { UnsavedDialog } from '../persist/UnsavedDialog.tsx';
import { RigPanel } from '../rig/RigPanel.tsx';
import { JointPanel } from '../skeleton/JointPanel.tsx';
import { useUi } from '../store.ts';
import { useFileDrop } from '../useFileDrop.ts';
import { useShortcuts } from '../useShortcuts.ts';
import { InfluenceMenu } from '../viewport/InfluenceMenu.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { StatusBar } from './StatusBar.tsx';
import { Toast } from './Toast.tsx';
import { Toolbar } from './Toolbar.tsx';

// three.js and the loaders come after the panels have painted: the first paint does not wait for them.
const Viewport = lazy(() => import('../viewport/Viewport.tsx').then((m) => ({ default: m.Viewport })));

/** "Opening…" over the viewport while a file is read or its scene is built (large files take seconds). */
function BusyBadge() {
  const busy = useUi((s) => s.busy);
  const drawing = useUi((s) => s.drawing);
  if (!busy && !drawing) return null;
  return (
    <div className="busy" role="status">
      <span className="spinner" />
      {busy ? 'Opening…' : 'Drawing…'}
    </div>
  );
}

/** The editor's layout: toolbar, skeleton (left), viewport, settings (right), status bar. */
export function App() {
  useShortcuts();
  useEffect(() => void performance.mark('skinsmith:shell'), []);
  const leftOpen = useUi((s) => s.leftOpen);
  const rightOpen = useUi((s) => s.rightOpen);
  const { dragging, handlers } = useFileDrop();
  return (
    <div
      className={`app${leftOpen ? '' : ' no-left'}${rightOpen ? '' : ' no-right'}`}
      data-testid="app"
      {...handlers}
    >
      <Toolbar />
      {leftOpen && <JointPanel />}
      <main className="viewport" aria-label="3D view">
        <ErrorBoundary what="The 3D view">
          <Suspense fallback={<div className="viewport-loading">Starting the 3D view…</div>}>
            <Viewport />
          </Suspense>
        </ErrorBoundary>
        <Toast />
        <CheckOverlays />
        <PaintOverlays />
        <AutobindPanel />
        <RigPanel />
        <BusyBadge />
        <RestoreOffer />
        <StorageWarningBanner />
        <InfluenceMenu />
        {dragging && (
          <div className="drop-overlay">
            <div>
              Drop a <b>.glb</b> or <b>.vrm</b>, or a <b>.gltf</b> with its <b>.bin</b> and textures
            </div>
          </div>
        )}
      </main>
      {rightOpen && <SettingsPanel />}
      <StatusBar />
      <ExportDialog />
      <UnsavedDialog />
    </div>
  );
}
