import { ShortcutOverlay } from '../components/ShortcutOverlay.tsx';
import { usePaint } from './paint-store.ts';
import { RadialControl } from './RadialControl.tsx';
import './overlays.css';

/** "Preparing the brush…" while the first Paint on a big mesh builds its surfaces and picking. */
function PreparingBadge() {
  const preparing = usePaint((s) => s.preparing);
  if (!preparing) return null;
  return (
    <div className="busy" role="status">
      <span className="spinner" />
      Preparing the brush…
    </div>
  );
}

/** Painting's overlays over the app: the F / Shift+F circle, the `?` shortcuts, the preparing badge. */
export function PaintOverlays() {
  return (
    <>
      <PreparingBadge />
      <RadialControl />
      <ShortcutOverlay />
    </>
  );
}
