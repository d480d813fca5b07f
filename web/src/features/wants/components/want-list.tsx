import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GRADES, gradeLabel } from '@shop/domain/catalogue/gradeScale';
import type { WantView } from '@shop/domain/contract/wants';
import { formatDate } from '../../../lib/dates';
import { useAddWant } from '../api/add-want';
import { useWantList } from '../api/get-want-list';
import { useRemoveWant } from '../api/remove-want';

function describeWant(want: WantView): string {
  if (want.stockId) return 'This item, when it is back in stock';
  const name = want.title ?? 'Series';
  const grade = want.gradeMin !== undefined ? `, ${gradeLabel(want.gradeMin)} or better` : '';
  return `${name} #${want.issueNumber ?? ''}${grade}`;
}

/** /account-want-list (issue 18): the customer's wants, a form to add one, and Remove on each. */
export function WantList() {
  const id = useId();
  const list = useWantList(true);
  const add = useAddWant();
  const remove = useRemoveWant();
  const [title, setTitle] = useState('');
  const [issueNumber, setIssueNumber] = useState('');
  const [gradeMin, setGradeMin] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { title: title.trim(), issueNumber: issueNumber.trim(), ...(gradeMin ? { gradeMin: Number(gradeMin) } : {}) },
      {
        onSuccess: () => {
          setTitle('');
          setIssueNumber('');
          setGradeMin('');
        },
      },
    );
  };
  const wants = list.data?.wants ?? [];
  return (
    <>
      <form className="want-form" onSubmit={submit} aria-label="Add a want">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-title`}>
            Title
          </label>
          <input
            id={`${id}-title`}
            className="input"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            placeholder="Amazing Spider-Man"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-issue`}>
            Issue number
          </label>
          <input
            id={`${id}-issue`}
            className="input"
            value={issueNumber}
            onChange={(e) => setIssueNumber(e.target.value)}
            required
            placeholder="300"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-grade`}>
            Minimum grade
          </label>
          <select id={`${id}-grade`} className="input" value={gradeMin} onChange={(e) => setGradeMin(e.target.value)}>
            <option value="">Any grade</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {gradeLabel(g)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Add to want list
        </button>
      </form>
      {add.isError ? (
        <p className="field__error" role="alert">
          {(add.error as Error).message}
        </p>
      ) : null}
      {list.isLoading ? <p>Loading your want list…</p> : null}
      {!list.isLoading && wants.length === 0 ? (
        <p>Your want list is empty. Add an issue above, or press Notify me on a sold-out item.</p>
      ) : null}
      <ul className="want-list" aria-label="Your wants">
        {wants.map((want) => (
          <li key={want._id} className="want-list__item">
            <span>
              {want.stockId ? <Link to={`/item/${encodeURIComponent(want.stockId)}/item`}>{describeWant(want)}</Link> : describeWant(want)}
              <span className="muted"> · added {formatDate(want.createdAt)}</span>
            </span>
            <button type="button" className="btn btn--secondary" disabled={remove.isPending} onClick={() => remove.mutate(want._id)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
