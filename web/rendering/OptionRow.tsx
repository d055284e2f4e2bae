import type { ChoiceOption } from '../../shared/choice/validate-request.js';
import { t } from '../config/i18n.js';

interface Props {
  option: ChoiceOption;
  /** The input group's name: `choice`, or `q<n>` for one of several questions. */
  group?: string;
  /** 1-based position; 1–9 also pick the option from the keyboard. */
  position: number;
  multi: boolean;
  checked: boolean;
  /** The option's note, or null when notes are switched off. */
  note: string | null;
  notePlaceholder?: string;
  /** `byPointer`: a real click or tap (event.detail ≥ 1), not an arrow key or Space moving through the group. */
  onToggle(byPointer: boolean): void;
  onNote(text: string): void;
}

/** One option: a real radio button or checkbox labelled by the option, its description, its note field. */
export function OptionRow({ option, group = 'choice', position, multi, checked, note, notePlaceholder, onToggle, onNote }: Props) {
  const descId = `desc-${group}-${option.id}`;
  return (
    <div class={`option${checked ? ' option-checked' : ''}${option.recommended ? ' option-recommended' : ''}`} data-option={option.id}>
      <label class="option-main">
        <input
          type={multi ? 'checkbox' : 'radio'}
          name={group}
          value={option.id}
          checked={checked}
          onClick={(e) => onToggle(e.detail > 0)}
          aria-describedby={option.description ? descId : undefined}
          aria-keyshortcuts={position <= 9 ? String(position) : undefined}
        />
        {position <= 9 && (
          <kbd class="option-key" aria-hidden="true">
            {position}
          </kbd>
        )}
        <span class="option-text">
          <span class="option-label">{option.label}</span>
          {option.recommended && <span class="badge badge-rec">{t('common:recommended')}</span>}
          {option.description && (
            <span class="option-desc" id={descId}>
              {option.description}
            </span>
          )}
        </span>
      </label>
      {note !== null && (
        <input
          type="text"
          name={group === 'choice' ? `note_${option.id}` : undefined}
          class="option-note"
          value={note}
          placeholder={notePlaceholder}
          aria-label={t('choice.optionNote', { label: option.label })}
          onInput={(e) => onNote(e.currentTarget.value)}
          data-testid={`note-${option.id}`}
        />
      )}
    </div>
  );
}
