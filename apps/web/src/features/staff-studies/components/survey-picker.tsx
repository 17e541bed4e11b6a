import { PROJECT_SURVEY_KEYS, PROJECT_SURVEY_TEXT, type ProjectSurveyKey } from '@portal/domain';
import { FieldError } from '../../../components/ui/field.tsx';

/** A project's questionnaires as checkboxes, in the order ops project:create --surveys names them. */
export function SurveyPicker({
  value,
  onChange,
  error,
}: {
  value: readonly ProjectSurveyKey[];
  onChange: (surveys: ProjectSurveyKey[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="choice-group">
      <legend>Questionnaires</legend>
      {PROJECT_SURVEY_KEYS.map((key) => (
        <label key={key} className="choice">
          <input
            type="checkbox"
            checked={value.includes(key)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? PROJECT_SURVEY_KEYS.filter((k) => k === key || value.includes(k))
                  : value.filter((k) => k !== key),
              )
            }
          />
          <span>{PROJECT_SURVEY_TEXT[key]}</span>
        </label>
      ))}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}
