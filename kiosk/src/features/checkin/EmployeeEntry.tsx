import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/Link.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusOnMount } from '../../ui/useFocusOnMount.ts';
import type { VisitPreset } from './checkInSource.ts';
import { directoryPreset, findEmployees, hasDirectorySearch } from './employeeDirectory.ts';
import type { CachedDirectory } from './personPreset.ts';

/** The ways an employee may identify on this page, as the page that runs the check-in offers them. */
export interface EmployeeWays {
  /** The kiosk's cached directory: employees find their name there when the building allows it. */
  directory?: CachedDirectory;
  /** Opens the kiosk's scanner for a pass (a kiosk only). */
  onScan?: () => void;
  /** The PIN identification page, when it is offered (online, a building that identifies people). */
  pinHref: string | null;
}

interface EmployeeEntryProps extends EmployeeWays {
  kiosk: boolean;
  /** The building lets employees check in by typing a name (a site without a directory). */
  typedNameAllowed: boolean;
  /** A name found in the directory: the wizard starts from that person. */
  onPerson: (preset: VisitPreset) => void;
  /** The wizard with a typed name. */
  onTypedName: () => void;
  onBack: () => void;
}

/**
 * "Employee" at the door (docs/check-in.md, "Employees"): employees identify by their pass or
 * their PIN, or find their name in the directory on a kiosk where the building allows it; a
 * typed name only where the building allows that. No visit code and PIN is handed to them.
 */
export function EmployeeEntry(props: EmployeeEntryProps) {
  const { kiosk, directory, onScan, pinHref, typedNameAllowed } = props;
  const { t } = useTranslation('publicVisit');
  const id = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [query, setQuery] = useState('');
  const searchable = kiosk && directory !== undefined && hasDirectorySearch(directory);
  const found = useMemo(() => (searchable ? findEmployees(directory, query) : []), [searchable, directory, query]);
  const searched = query.trim().length >= 2;

  return (
    <section className="screen employee-entry" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('employee.title')}
      </h1>
      <p>{kiosk ? t('employee.intro') : t('employee.phoneIntro')}</p>
      <ul className="type-choices">
        {kiosk && onScan && (
          <li>
            <button type="button" className="type-button" onClick={onScan}>
              <span className="type-label">{t('employee.scan')}</span>
              <span className="type-hint">{t('employee.scanHint')}</span>
            </button>
          </li>
        )}
        {pinHref !== null && (
          <li>
            <Link className="type-button" href={pinHref}>
              <span className="type-label">{t('employee.pin')}</span>
              <span className="type-hint">{t('employee.pinHint')}</span>
            </Link>
          </li>
        )}
      </ul>
      {searchable && (
        <div className="directory-search">
          <h2>{t('employee.findName')}</h2>
          <TextField
            id={`${id}-name`}
            label={t('employee.name')}
            hint={t('employee.nameHint')}
            type="search"
            autoComplete="off"
            maxLength={64}
            showCounter={false}
            value={query}
            onChange={setQuery}
          />
          <p role="status" className="field-hint" data-testid="directory-count">
            {searched
              ? found.length > 0
                ? t('employee.found', { count: found.length })
                : t('employee.noneFound')
              : ''}
          </p>
          {found.length > 0 && (
            <ul className="type-choices" aria-label={t('employee.results')}>
              {found.map((employee) => (
                <li key={employee.person.personId}>
                  <button
                    type="button"
                    className="type-button"
                    onClick={() => props.onPerson(directoryPreset(employee))}
                  >
                    <span className="type-label">{employee.name}</span>
                    {employee.department && (
                      <span className="type-hint">
                        <span className="visually-hidden">, </span>
                        {employee.department}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {typedNameAllowed && (
        <p className="leaving">
          <span>{t('employee.notListed')}</span>{' '}
          <button type="button" className="button secondary" onClick={props.onTypedName}>
            {t('employee.typeName')}
          </button>
        </p>
      )}
      <div className="actions">
        <button type="button" className="button secondary" onClick={props.onBack}>
          {t('back')}
        </button>
      </div>
    </section>
  );
}
