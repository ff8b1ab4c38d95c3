import { type HostOption, hostName } from '@vestibule/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';

/**
 * Finds the building's hosts whose first or last name starts with the text, at most a handful:
 * the kiosk's cached directory, the phone's public call, the staff's call. The app gives it.
 */
export type HostSearch = (text: string, signal: AbortSignal) => Promise<readonly HostOption[]>;

export interface HostFieldProps {
  id: string;
  label: ReactNode;
  /** The text in the field: the chosen host's name, or what is being typed. */
  value: string;
  /** The host chosen from the list, or null while the text is typed. */
  chosen: HostOption | null;
  /** A new text (the link is dropped) or a host chosen (its name becomes the text). */
  onChange: (text: string, chosen: HostOption | null) => void;
  onBlur?: () => void;
  search: HostSearch;
  /** The building lets a host be typed freely (no directory): the text stands without a choice. */
  freeText: boolean;
  required?: boolean;
  maxLength?: number;
  /** The error to show (once the field was left), or null. */
  error?: string | null;
  autoComplete?: 'off';
}

/** A pause after each key before searching, so a search answers what was typed, not each letter. */
const SEARCH_DELAY_MS = 150;

/** What the last search answered, for the text it searched. */
type Answer = { text: string; options: readonly HostOption[]; failed: boolean };

/**
 * The host field (docs/check-in.md, "The host"): a combobox that lists the hosts whose name starts
 * with what is typed, each with their department (WAI-ARIA combobox with a list box: the arrow
 * keys move through the list, Enter chooses, Escape closes it; a touch or a click chooses too).
 * A chosen host is a link; a text typed is a name that stands alone only where `freeText`.
 */
export function HostField(props: HostFieldProps) {
  const { t } = useWizardTexts();
  const { id, label, value, chosen, onChange, onBlur, search, freeText, required = false, maxLength, error } = props;
  const listboxId = `${id}-listbox`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text a search runs for: what the person typed (a chosen name is no new search).
  const [query, setQuery] = useState('');
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  });
  const term = query.trim();

  useEffect(() => {
    if (term === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef.current(term, controller.signal).then(
        (options) => {
          if (controller.signal.aborted) return;
          setAnswer({ text: term, options, failed: false });
          setActive(-1);
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ text: term, options: [], failed: true });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  // The list shows the last answer while the next one is on its way (no flicker as one types).
  const searching = term !== '' && answer?.text !== term;
  const options = term === '' || answer === null ? [] : answer.options;
  const shown = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (option: HostOption) => {
    onChange(hostName(option), option);
    setQuery('');
    setOpen(false);
    setActive(-1);
  };

  const type = (text: string) => {
    onChange(text, null);
    setQuery(text);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((index) => (!shown ? 0 : (index + 1) % options.length));
        return;
      case 'ArrowUp':
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((index) => (!shown || index <= 0 ? options.length - 1 : index - 1));
        return;
      case 'Enter': {
        const option = shown && active >= 0 ? options[active] : undefined;
        if (!option) return;
        // Enter chooses the host; it does not send the form.
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        if (!shown) return;
        // Closes the list only (a dialog around the field stays open).
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        return;
      default:
        return;
    }
  };

  const typing = chosen === null && term !== '';
  const status = !typing
    ? ''
    : searching
      ? t('hostSearch.searching')
      : answer?.failed
        ? t('hostSearch.failed')
        : options.length === 0
          ? freeText
            ? t('hostSearch.noneFreeText')
            : t('hostSearch.none')
          : t('hostSearch.found', { count: options.length });
  const described = [`${id}-hint`, error ? `${id}-error` : null, `${id}-status`].filter(Boolean).join(' ');

  return (
    <div
      className="field host-field"
      data-invalid={error ? true : undefined}
      onBlur={(event) => {
        // Leaving the field (not for one of its options) closes the list.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }
      }}
    >
      <label htmlFor={id} className="field-label">
        {label}
        {!required && <span className="field-optional"> {t('optional')}</span>}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {freeText ? t('hostSearch.hintFreeText') : t('hostSearch.hint')}
      </p>
      <div className="host-combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listboxId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          aria-required={required || undefined}
          autoComplete={props.autoComplete ?? 'off'}
          spellCheck={false}
          maxLength={maxLength}
          value={value}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (typing && options.length > 0) setOpen(true);
          }}
        />
        <ul id={listboxId} role="listbox" aria-label={t('hostSearch.options')} className="host-options" hidden={!shown}>
          {options.map((option, index) => (
            <li
              key={option.personId ?? option.userId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="host-option"
              data-active={index === active ? true : undefined}
              // Keeps the focus in the field: the choice is made on click (a touch or a mouse).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              <span className="host-option-name">{hostName(option)}</span>
              {option.department && <span className="host-option-department">{option.department}</span>}
            </li>
          ))}
        </ul>
      </div>
      <div className="field-footer">
        {error ? (
          <p id={`${id}-error`} className="field-error">
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        ) : chosen ? (
          <p className="host-chosen">
            <span aria-hidden="true">✓ </span>
            {t('hostSearch.chosen', {
              name: chosen.department ? `${hostName(chosen)} · ${chosen.department}` : hostName(chosen),
            })}
          </p>
        ) : (
          <span />
        )}
      </div>
      <p id={`${id}-status`} role="status" className={status === '' || shown ? 'visually-hidden' : 'field-hint'}>
        {status}
      </p>
    </div>
  );
}
