/**
 * `skinsmith skeleton IN -o OUT --edits EDITS.json`: applies a JSON array of skeleton operations
 * (move, orient, add, split, delete, rename, reparent, bindPose; src/skeleton/skeleton-edit.ts)
 * in order, with the mesh kept where it is, then exports as `export` does and prints a JSON
 * summary. Joints are named by node name or `#N` (node N of the input file, wherever later edits
 * put it); positions and rotations are world space of the input's rest pose, as drawn. Bad input
 * (malformed JSON, an unknown op or joint, a cycle, the only root, a non-finite number…) exits 2
 * with one line on stderr and nothing written.
 */
import { readFileSync } from 'node:fs';
import { Editor } from '../editor/editor.ts';
import { validateSource } from '../gltf/export/export-and-validate.ts';
import {
  applySkeletonEdit,
  jointResolver,
  type SkeletonEditReport,
} from '../skeleton/apply-skeleton-edit.ts';
import { parseSkeletonEdits, withNodeRefs } from '../skeleton/skeleton-edit.ts';
import { SkeletonEditError } from '../skeleton/skeleton-edit-error.ts';
import { type Command, toJson } from './command.ts';
import {
  EXPORT_OPTION_HELP,
  EXPORT_OPTION_SPECS,
  exportAndWrite,
  exportOptions,
  exportOutcome,
  validationSummary,
  vrmSummary,
} from './export-command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

const NAME = 'skeleton';

/** The edits file, checked: a UsageError (one line) for anything that is not a list of valid edits. */
function readEdits(path: string) {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${NAME}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${NAME}: ${path} is not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
  try {
    return parseSkeletonEdits(json);
  } catch (err) {
    if (err instanceof SkeletonEditError) throw new UsageError(`${NAME}: ${path}: ${err.message}`);
    throw err;
  }
}

export const skeletonCommand: Command = {
  name: NAME,
  synopsis: 'IN -o OUT --edits EDITS.json',
  summary: 'edit the skeleton (move, orient, add, split, delete, rename, reparent, bind pose), mesh kept',
  options: { ...EXPORT_OPTION_SPECS, edits: { kind: 'string' } },
  optionHelp: [
    '--edits EDITS.json       a JSON array of operations, applied in order (see docs/cli.md):',
    '  {"op":"move","joint":J,"to":[x,y,z],"children":"stay"|"follow"}',
    '  {"op":"orient","joint":J,"rotation":[x,y,z,w]}',
    '  {"op":"add","name":N,"parent":J,"at":[x,y,z]}',
    '  {"op":"split","joint":J,"count":n,"weights":"keep"|"spread"}',
    '  {"op":"delete","joint":J,"weightsTo":"parent"|J2}',
    '  {"op":"rename","joint":J,"to":N}',
    '  {"op":"reparent","joint":J,"parent":J2}',
    '  {"op":"bindPose","rotations":{J:[x,y,z,w],…}}',
    '  J: a node name or "#N" (node index N of IN); world space of the rest pose as drawn',
    ...EXPORT_OPTION_HELP.filter((l) => !l.startsWith('-o')),
  ],
  async run(argv, io) {
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], NAME);
    const out = args.options.get('out');
    if (!out) throw new UsageError(`${NAME}: missing -o OUT`);
    const editsPath = args.options.get('edits');
    if (!editsPath) throw new UsageError(`${NAME}: missing --edits EDITS.json`);
    const options = exportOptions(args.options, out, NAME);
    const edits = readEdits(editsPath);
    const input = readInputFile(inPath);
    const editor = new Editor();
    const loaded = await editor.load(input);
    const inputNodes = loaded.document.getRoot().listNodes();
    // The source's own report from the file as read (the edits change the document in place).
    if (!args.options.has('no-validate'))
      await validateSource(loaded, { name: input.name, bytes: input.bytes, resources: input.resources });
    const jointsBefore = loaded.joints.size;
    let model = loaded;
    const reports: SkeletonEditReport[] = [];
    const t0 = performance.now();
    for (const [k, edit] of edits.entries()) {
      try {
        const applied = applySkeletonEdit(model, withNodeRefs(edit), {
          resolve: jointResolver(model, inputNodes),
        });
        model = applied.model;
        reports.push(applied.report);
      } catch (err) {
        if (err instanceof SkeletonEditError)
          throw new UsageError(
            `${NAME}: edit ${k + 1} (${edit.op}): ${err.message.replace(`${edit.op}: `, '')}`,
          );
        throw err;
      }
    }
    const editMs = performance.now() - t0;
    const outcome = await exportAndWrite(model, input, options, out, args.options, NAME);
    const { result, written } = outcome;
    io.stdout(
      toJson({
        input: input.name,
        files: written,
        edits: reports,
        joints: { before: jointsBefore, after: model.joints.size },
        skins: model.skins.map((s) => ({ name: s.name, joints: s.joints.length })),
        notes: result.editNotes,
        editMs: Math.round(editMs),
        repairedOnImport: loaded.repairedVertices,
        maxInfluences: options.maxInfluences,
        weights: options.weights,
        validation: validationSummary(result.validation),
        ...vrmSummary(result.vrm),
      }),
    );
    return exportOutcome(NAME, outcome, io.stderr);
  },
};
