/**
 * SessionContext: what the editor's sessions (painting, selection, tools, checks, posing) may
 * read and call on it — the model and its surfaces, the selected joint and locks, events and
 * notices, and `commitStep`, the one way an edit becomes an undo step. Not loading, export, the
 * history itself or persistence: a session that needs more says so in this type.
 */
import type { Editor } from './editor.ts';

export type SessionContext = Pick<
  Editor,
  | 'model'
  | 'requireModel'
  | 'surfaces'
  | 'events'
  | 'notify'
  | 'commitStep'
  | 'resolveJoint'
  | 'selectedJoint'
  | 'selectJoint'
  | 'locks'
  | 'influences'
  | 'jointVertexCounts'
  | 'paintSessionActive'
  | 'layers'
  | 'maskEdited'
  | 'announceComposed'
  // The sessions that work together: a stroke masked by the selection, tools on the brush's
  // settings, the pose that moves the surfaces.
  | 'selection'
  | 'paint'
  | 'tools'
  | 'pose'
>;
