import { useEffect, useRef, useState } from 'react';

/**
 * A text or number input that edits a draft and commits it on Enter or when it loses focus (an
 * edit of the skeleton is an undo step: one per value typed, not one per key). Escape puts the
 * shown value back. A number that does not parse is not committed.
 */
export function CommitField({
  value,
  kind = 'number',
  label,
  testId,
  title,
  focusKey,
  onCommit,
  disabled,
  className,
}: {
  value: string | number;
  kind?: 'number' | 'text';
  label: string;
  testId?: string;
  title?: string;
  /** When it changes (after mounting) to a truthy value, the field takes the focus, its text selected (F2). */
  focusKey?: unknown;
  onCommit: (value: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  const shown = typeof value === 'number' ? formatNumber(value) : value;
  const [draft, setDraft] = useState(shown);
  const editing = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // Follow the value while the user is not typing in the field.
  useEffect(() => {
    if (!editing.current) setDraft(shown);
  }, [shown]);
  // A new request (not the one the field mounted with) takes the focus.
  const asked = useRef(focusKey);
  useEffect(() => {
    if (focusKey === asked.current) return;
    asked.current = focusKey;
    if (!focusKey || !input.current) return;
    input.current.focus();
    input.current.select();
  }, [focusKey]);

  // Escape leaves the field without committing what was typed.
  const dropDraft = useRef(false);
  const commit = () => {
    editing.current = false;
    if (dropDraft.current) {
      dropDraft.current = false;
      setDraft(shown);
      return;
    }
    const text = draft.trim();
    if (text === shown) return;
    if (kind === 'number' && !Number.isFinite(Number(text))) {
      setDraft(shown);
      return;
    }
    onCommit(text);
  };
  return (
    <input
      ref={input}
      type="text"
      inputMode={kind === 'number' ? 'decimal' : undefined}
      className={className ?? (kind === 'number' ? 'value number' : 'value')}
      aria-label={label}
      title={title}
      data-testid={testId}
      disabled={disabled}
      value={draft}
      spellCheck={false}
      onFocus={() => {
        editing.current = true;
      }}
      onChange={(e) => {
        editing.current = true;
        setDraft(e.target.value);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        // Leaving the field commits (onBlur): Enter leaves it, Escape leaves it without committing.
        if (e.key === 'Enter') e.currentTarget.blur();
        else if (e.key === 'Escape') {
          dropDraft.current = true;
          e.currentTarget.blur();
          e.stopPropagation();
        }
      }}
    />
  );
}

/** Positions to 0.1 mm on a metre-scale character, trailing zeros dropped. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const fixed = v.toFixed(4);
  const trimmed = fixed.replace(/\.?0+$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}
