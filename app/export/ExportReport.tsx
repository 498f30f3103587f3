import type { ComparedReport } from '../../src/gltf/export/compare-with-source.ts';
import { describeVrm } from '../../src/vrm/vrm-json.ts';
import { Icon } from '../components/Icon.tsx';
import { editor } from '../editor-instance.ts';
import { formatSize } from './format-size.ts';
import { InfluenceHistogram } from './InfluenceHistogram.tsx';
import type { PreparedExport } from './prepare-export.ts';
import { ValidationMessages } from './ValidationMessages.tsx';

const plural = (count: number, word: string, words = `${word}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? word : words}`;

/**
 * The validator's counts. Errors are split: the export's own (red; always 0 unless Skinsmith has
 * a bug) and those the source already had where Skinsmith changes nothing.
 */
function Counts({ report }: { report: ComparedReport }) {
  const counts = [
    { key: 'errors', word: 'error', value: report.newErrors, tone: report.newErrors ? 'bad' : '' },
    ...(report.inheritedErrors
      ? [{ key: 'inherited', word: 'inherited error', value: report.inheritedErrors, tone: '' }]
      : []),
    { key: 'warnings', word: 'warning', value: report.warnings, tone: report.warnings ? 'warn' : '' },
    { key: 'infos', word: 'info', value: report.infos, tone: '' },
    { key: 'hints', word: 'hint', value: report.hints, tone: '' },
  ];
  return (
    <span className="export-counts">
      {counts.map((c) => (
        <span
          key={c.key}
          className={`count-pill ${c.tone}${c.value ? '' : ' zero'}`}
          data-testid={`count-${c.key}`}
          data-value={c.value}
        >
          {plural(c.value, c.word)}
        </span>
      ))}
    </span>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** What an export wrote, shown before the download: file, size, validation, influences. */
export function ExportReport({ prepared }: { prepared: PreparedExport }) {
  const { result, download } = prepared;
  const report = result.validation;
  const fresh = report.messages.filter((m) => m.origin === 'new');
  const inherited = report.messages.filter((m) => m.origin === 'inherited');
  const fileCount = result.files?.size ?? 1;
  // Why the source's weight errors are gone: import repaired them (the status bar says so too).
  const repaired = editor.model?.repairedVertices ?? 0;
  return (
    <section className="export-report" aria-label="Export result" data-testid="export-result">
      {report.newErrors > 0 && (
        <div className="export-alarm" role="alert" data-testid="export-new-errors">
          <Icon name="error" />
          <span>
            <b>This export has {plural(report.newErrors, 'validator error')} of its own.</b> That is a bug in
            Skinsmith: engines may refuse the file. You can still download it; please report it with the
            source file.
          </span>
        </div>
      )}
      <dl className="export-facts">
        <Fact label="File">
          <b data-testid="export-file-name">{download.fileName}</b>
        </Fact>
        <Fact label="Size">
          <span data-testid="export-size" data-value={download.bytes.byteLength}>
            {formatSize(download.bytes.byteLength)}
          </span>
          {result.format === 'gltf' && (
            <span className="muted">
              {' '}
              · zip of {fileCount} files, {formatSize(result.size)} unzipped
            </span>
          )}
        </Fact>
        <Fact label="Validator">
          <span title={`Khronos glTF-Validator ${report.validatorVersion}`}>
            <Counts report={report} />
          </span>
        </Fact>
        {repaired > 0 && (
          <Fact label="Repaired">
            weights of {plural(repaired, 'vertex', 'vertices')} the source got wrong (fixed on import)
          </Fact>
        )}
        {result.fixedSkeletons > 0 && (
          <Fact label="Fixed">
            {plural(result.fixedSkeletons, 'invalid skin.skeleton')} (the joints' root)
          </Fact>
        )}
        {result.vrm && (
          <Fact label="VRM">
            <span data-testid="export-vrm" data-problems={result.vrm.problems.length}>
              {describeVrm(result.vrm)}: {plural(result.vrm.humanBones.size, 'human bone')}
              {result.vrm.problems.length === 0 ? (
                ', consistent'
              ) : (
                <span className="warning" title={result.vrm.problems.join('\n')}>
                  , {plural(result.vrm.problems.length, 'problem')}: {result.vrm.problems[0]}
                </span>
              )}
            </span>
          </Fact>
        )}
        {result.extensions.restored.length > 0 && (
          <Fact label="Kept">
            {result.extensions.restored.join(', ')} (extensions written back as the source had them)
          </Fact>
        )}
        {result.extensions.dropped.length > 0 && (
          <Fact label="Not kept">
            <span className="warning" data-testid="dropped-extensions">
              {result.extensions.dropped.join(', ')}
            </span>
          </Fact>
        )}
        {result.editNotes.length > 0 && (
          <Fact label="Skeleton edits">
            <span data-testid="skeleton-notes">{result.editNotes.join('; ')}</span>
          </Fact>
        )}
        {result.recompressed.length > 0 && (
          <Fact label="Compression">{result.recompressed.join(', ')} again, lossless (as in the source)</Fact>
        )}
        {result.dracoEncoded > 0 && (
          <Fact label="Compression">
            Draco: {result.dracoEncoded} primitive{result.dracoEncoded === 1 ? '' : 's'} re-encoded
            (positions, normals and UVs re-quantised)
          </Fact>
        )}
        {result.decompressed.length > 0 && result.dracoEncoded === 0 && (
          <Fact label="Compression">
            none: geometry written uncompressed ({result.decompressed.join(', ')} in the source)
          </Fact>
        )}
      </dl>
      <InfluenceHistogram histogram={result.histogram} />
      <ValidationMessages title="Messages" messages={fresh} testId="messages-new" />
      <ValidationMessages
        title="Inherited from the source file"
        note="The source file already has these, in parts Skinsmith does not change: the export adds none."
        messages={inherited}
        testId="messages-inherited"
      />
      {report.messages.length === 0 && (
        <p className="muted">The Khronos glTF-Validator has nothing to report.</p>
      )}
    </section>
  );
}
