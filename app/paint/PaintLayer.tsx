import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { BrushCursor } from './brush-cursor.ts';
import { paintBridge } from './paint-bridge.ts';
import { paintView } from './paint-view.ts';
import { strokeDriver } from './stroke-driver.ts';
import { usePaintPointer } from './usePaintPointer.ts';

/** The brush in the viewport (Paint mode only): pointer strokes and the cursor circle. */
function PaintTools() {
  const cursor = useMemo(() => new BrushCursor(), []);
  useEffect(() => () => cursor.dispose(), [cursor]);
  usePaintPointer(cursor);
  return <primitive object={cursor} />;
}

/**
 * Lives in the Canvas: gives the brush (and `skinsmith.paint`) the camera and canvas in every
 * mode, and in Paint mode builds the surfaces and picking for each model before the first press.
 */
export function PaintLayer() {
  const mode = useUi((s) => s.mode);
  const modelRev = useUi((s) => s.modelRev);
  const get = useThree((s) => s.get);
  const canvas = useThree((s) => s.gl.domElement);
  useEffect(() => {
    const offView = paintView.register(() => get().camera, canvas);
    const offBridge = paintBridge.register({
      pick: (x, y) => {
        const p = paintView.pick(x, y);
        return p && { ...p.hit, worldPerPixel: p.worldPerPixel };
      },
      toPage: (point) => paintView.toPage(point),
      begin: (sample, modifiers) => strokeDriver.begin(sample, modifiers),
      moveTo: (sample) => strokeDriver.moveTo(sample),
      prepare: () => strokeDriver.prepare(),
    });
    return () => {
      offView();
      offBridge();
    };
  }, [get, canvas]);
  useEffect(() => {
    void modelRev;
    if (mode === 'paint' && editor.model) void strokeDriver.prepare();
  }, [mode, modelRev]);
  return mode === 'paint' ? <PaintTools /> : null;
}
