/**
 * Key matchers for command tables. `e.key` for printable keys (so `?`, `[` and `.` follow the
 * keyboard layout), lower-cased letters; Cmd counts as Ctrl on a Mac.
 */
const keyOf = (e: KeyboardEvent) => (e.key.length === 1 ? e.key.toLowerCase() : e.key);
const ctrlOf = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;

/** One of `keys` with no Ctrl, Alt or Shift. */
export const bare =
  (...keys: string[]) =>
  (e: KeyboardEvent) =>
    !ctrlOf(e) && !e.altKey && !e.shiftKey && keys.includes(keyOf(e));

/** Shift + one of `keys` (no Ctrl or Alt). */
export const shifted =
  (...keys: string[]) =>
  (e: KeyboardEvent) =>
    !ctrlOf(e) && !e.altKey && e.shiftKey && keys.includes(keyOf(e));

/** Ctrl (or Cmd) + `key`, with Shift exactly as `shift` says. */
export const withCtrl =
  (key: string, shift = false) =>
  (e: KeyboardEvent) =>
    ctrlOf(e) && !e.altKey && e.shiftKey === shift && keyOf(e) === key;

/** A typed character whatever modifier produced it (`?` is Shift+/ on one layout, a key on another). */
export const typed = (char: string) => (e: KeyboardEvent) => !ctrlOf(e) && !e.altKey && e.key === char;
