/**
 * What skeleton edits did to a document that its export should say (channels of a deleted joint
 * dropped, keys resampled, extensions that may name nodes by index): kept per Document, carried
 * to the editor's working copies, read by exportDocument into its report.
 */
import type { Document } from '@gltf-transform/core';

const notes = new WeakMap<Document, string[]>();

/** Adds notes to the document's list. */
export function addEditNotes(document: Document, more: readonly string[]): void {
  if (more.length === 0) return;
  notes.set(document, [...(notes.get(document) ?? []), ...more]);
}

/** The document's notes, oldest first (empty when it was never edited). */
export function editNotes(document: Document): string[] {
  return [...(notes.get(document) ?? [])];
}

/** Gives `to` (a copy of `from`) the notes of `from`. */
export function carryEditNotes(from: Document, to: Document): void {
  const list = notes.get(from);
  if (list) notes.set(to, [...list]);
}
