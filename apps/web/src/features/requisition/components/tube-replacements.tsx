import { replacementEntryProblem, replacementErrorHolds, type SampleReplacement } from '@portal/domain';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { REQUISITION_TEXTS } from '../requisition-texts.ts';

type TubeReplacementsProps = {
  /** The labels of this kit's tubes. */
  tubes: string[];
  list: SampleReplacement[];
  onListChange: (list: SampleReplacement[]) => void;
  /** What is typed but not yet added with Click to Add. */
  draft: SampleReplacement;
  onDraftChange: (draft: SampleReplacement) => void;
  error: string | null;
  onError: (message: string | null) => void;
};

/** The blood kit's 'Please Note' section: tubes replaced by tubes of a replacement kit (research §5). */
export function TubeReplacements(props: TubeReplacementsProps) {
  const { tubes, list, onListChange, draft, onDraftChange, error, onError } = props;
  const selectId = useId();

  function add() {
    const problem = replacementEntryProblem(list, draft);
    onError(problem);
    if (problem) return;
    onListChange([...list, { replaced: draft.replaced, replacedBy: draft.replacedBy.trim() }]);
    onDraftChange({ replaced: '', replacedBy: '' });
  }

  /** An edit keeps the error only while its cause is still there (a cleared duplicate unblocks Submit). */
  function edit(next: SampleReplacement) {
    onDraftChange(next);
    if (error && !replacementErrorHolds(error, list, next)) onError(null);
  }

  return (
    <fieldset className="requisition-section">
      <legend>{REQUISITION_TEXTS.pleaseNote}</legend>
      <p>{REQUISITION_TEXTS.replacementIntro}</p>
      {list.length ? (
        <ul className="requisition-replacements">
          {list.map((r) => (
            <li key={r.replaced}>
              {REQUISITION_TEXTS.replacedBy(r.replaced, r.replacedBy)}{' '}
              <Button
                variant="link"
                aria-label={REQUISITION_TEXTS.remove(r.replaced)}
                onClick={() => onListChange(list.filter((x) => x.replaced !== r.replaced))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{REQUISITION_TEXTS.noReplacements}</p>
      )}
      <div className="requisition-row">
        <div className="field">
          <label htmlFor={selectId}>{REQUISITION_TEXTS.tube}</label>
          <select
            id={selectId}
            value={draft.replaced}
            onChange={(event) => edit({ ...draft, replaced: event.target.value })}
          >
            <option value="">{REQUISITION_TEXTS.chooseTube}</option>
            {tubes.map((tube) => (
              <option key={tube} value={tube}>
                {tube}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={REQUISITION_TEXTS.replacementTube}
          value={draft.replacedBy}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => edit({ ...draft, replacedBy: event.target.value })}
        />
        <div className="requisition-add">
          <Button variant="secondary" onClick={add}>
            {REQUISITION_TEXTS.clickToAdd}
          </Button>
        </div>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </fieldset>
  );
}
