import type { ComparedMessage } from '../../src/gltf/export/compare-with-source.ts';
import { groupMessages, type MessageGroup } from './group-messages.ts';

/** Places listed when a group is opened: the count already tells how widespread it is. */
const MAX_PLACES = 100;

function Place({ message }: { message: ComparedMessage }) {
  return (
    <span className="message-place">
      {message.pointer && <code className="message-pointer">{message.pointer}</code>}
      <span className="message-text">{message.message}</span>
    </span>
  );
}

/** One code: its first message inline; the others behind a disclosure when it repeats. */
function Group({ group }: { group: MessageGroup }) {
  const [first] = group.messages;
  const more = group.messages.length - 1;
  const head = (
    <>
      <span className={`message-severity ${group.severity}`}>{group.severity}</span>
      <span className="message-body">
        <code className="message-code">{group.code}</code>
        {more > 0 && <span className="message-times">×{group.messages.length.toLocaleString('en-US')}</span>}
        <Place message={first} />
      </span>
    </>
  );
  if (more === 0)
    return (
      <li className={`export-message ${group.severity}`} data-code={group.code}>
        {head}
      </li>
    );
  const places = group.messages.slice(1, 1 + MAX_PLACES);
  return (
    <li className={`export-message ${group.severity}`} data-code={group.code}>
      <details>
        <summary title="Show every place">{head}</summary>
        <ul className="message-places">
          {places.map((m, i) => (
            // A report never changes, and the same pointer can repeat: the index is a fine key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <Place message={m} />
            </li>
          ))}
          {more > places.length && (
            <li className="muted">…and {(more - places.length).toLocaleString('en-US')} more</li>
          )}
        </ul>
      </details>
    </li>
  );
}

/** A list of validator messages (code, JSON pointer, text), grouped by code, most severe first. */
export function ValidationMessages({
  title,
  note,
  messages,
  testId,
}: {
  title: string;
  note?: string;
  messages: ComparedMessage[];
  testId: string;
}) {
  if (messages.length === 0) return null;
  const groups = groupMessages(messages);
  return (
    <section className={`export-messages ${testId}`} data-testid={testId}>
      <h3>
        {title} <span className="muted">({messages.length.toLocaleString('en-US')})</span>
      </h3>
      {note && <p className="muted">{note}</p>}
      <ul>
        {groups.map((g) => (
          <Group key={`${g.severity}:${g.code}`} group={g} />
        ))}
      </ul>
    </section>
  );
}
