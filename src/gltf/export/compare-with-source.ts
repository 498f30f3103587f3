import type { ValidationMessage, ValidationReport } from '../validate.ts';

/** Where a message of the export's report comes from. */
export type MessageOrigin = 'new' | 'inherited';

export interface ComparedMessage extends ValidationMessage {
  /** 'inherited': the source file has the same message at the same place, outside what Skinsmith owns. */
  origin: MessageOrigin;
}

/** The export's report, each message marked new or inherited from the source file. */
export interface ComparedReport extends ValidationReport {
  messages: ComparedMessage[];
  /** Errors the export introduced: must be 0 (Skinsmith never writes a file with new errors). */
  newErrors: number;
  /** Errors the source already had, in parts of the file the editor does not touch. */
  inheritedErrors: number;
}

/**
 * Messages about what the editor writes (skins, joints and weights): never inherited, since export
 * rewrites them: any such error in an export is ours, whatever the source had.
 */
const OWNED_POINTER = /^\/skins\/|\/attributes\/(JOINTS|WEIGHTS)_\d+$/;
const OWNED_CODE = /^SKIN_|JOINTS|WEIGHTS|INFLUENCE/;

/** True for a message about skins or skin weights, which export rewrites (never inherited). */
export function isOwnedMessage(message: ValidationMessage): boolean {
  return OWNED_POINTER.test(message.pointer) || OWNED_CODE.test(message.code);
}

const key = (m: ValidationMessage) => `${m.code}\u0000${m.pointer}`;

/**
 * Marks each message of `exported` as inherited when `source` has a message with the same code
 * at the same JSON pointer and it is about something the editor does not own (animation times,
 * for instance: LittlestTokyo's ACCESSOR_ANIMATION_INPUT_NON_INCREASING). Pointers of meshes,
 * nodes, animations and skins are stable through export because glTF-Transform keeps their order.
 */
export function compareWithSource(
  source: ValidationReport | null,
  exported: ValidationReport,
): ComparedReport {
  const inSource = new Set<string>();
  for (const m of source?.messages ?? []) if (!isOwnedMessage(m)) inSource.add(key(m));
  let newErrors = 0;
  let inheritedErrors = 0;
  const messages = exported.messages.map((m): ComparedMessage => {
    const origin: MessageOrigin = !isOwnedMessage(m) && inSource.has(key(m)) ? 'inherited' : 'new';
    if (m.severity === 'error') {
      if (origin === 'new') newErrors++;
      else inheritedErrors++;
    }
    return { ...m, origin };
  });
  return { ...exported, messages, newErrors, inheritedErrors };
}
