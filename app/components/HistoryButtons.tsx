import { COMMANDS, tooltip } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { usePaint } from '../paint/paint-store.ts';
import { Icon } from './Icon.tsx';

/** Undo and Redo, disabled when there is nothing to take back or replay. */
export function HistoryButtons() {
  usePaint((s) => s.historyRev); // re-render after each history change (editor.history below)
  const { canUndo, canRedo } = editor.history;
  return (
    <>
      <button
        type="button"
        className="tool icon-only"
        title={tooltip('undo')}
        aria-label="Undo"
        data-command="undo"
        disabled={!canUndo}
        onClick={COMMANDS.undo.run}
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="tool icon-only"
        title={tooltip('redo')}
        aria-label="Redo"
        data-command="redo"
        disabled={!canRedo}
        onClick={COMMANDS.redo.run}
      >
        <Icon name="redo" />
      </button>
    </>
  );
}
