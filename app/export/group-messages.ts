import type { ComparedMessage } from '../../src/gltf/export/compare-with-source.ts';
import type { Severity } from '../../src/gltf/validate.ts';

/** Messages of one code: a broken file repeats the same problem thousands of times. */
export interface MessageGroup {
  code: string;
  severity: Severity;
  messages: ComparedMessage[];
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** Groups by severity and code; most severe first, then the most frequent. */
export function groupMessages(messages: readonly ComparedMessage[]): MessageGroup[] {
  const groups = new Map<string, MessageGroup>();
  for (const m of messages) {
    const key = `${m.severity}\u0000${m.code}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { code: m.code, severity: m.severity, messages: [] }));
    group.messages.push(m);
  }
  return [...groups.values()].sort(
    (a, b) =>
      ORDER[a.severity] - ORDER[b.severity] ||
      b.messages.length - a.messages.length ||
      a.code.localeCompare(b.code),
  );
}
