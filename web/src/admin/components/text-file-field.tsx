import { useId, type ReactNode, type RefObject } from 'react';

/** The accept list of the uploads' text files (CSV, tab-separated). */
const TEXT_FILES = '.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values';

/** A labelled file input for a CSV or tab-separated file; `inputRef` lets the form clear it after a send. */
export function TextFileField({
  label,
  hint,
  inputRef,
  onFile,
}: {
  label: ReactNode;
  hint?: ReactNode;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        className="input admin-file"
        accept={TEXT_FILES}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
