import { useState, type FormEvent } from 'react';
import { Checkbox } from '../../../../components/ui/checkbox';
import { TextField } from '../../../../components/ui/field';
import { ConfirmDelete, QueryState, ScreenHeader, useFail } from '../../../components/admin-ui';
import { useAddCheckListItem } from '../api/add-check-list-item';
import { useCheckList } from '../api/get-check-list';
import { useDeleteAllCheckList } from '../api/delete-all-check-list';
import { useDeleteCheckListItem } from '../api/delete-check-list-item';
import { useEditCheckListItem } from '../api/edit-check-list-item';

/** /admin-check-list and /admin-ebay-check-list: items with name, description and status; done items struck through. */
export function CheckListScreen({ title }: { title: string }) {
  const query = useCheckList();
  const add = useAddCheckListItem();
  const edit = useEditCheckListItem();
  const remove = useDeleteCheckListItem();
  const removeAll = useDeleteAllCheckList();
  const fail = useFail();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [done, setDone] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const items = query.data ?? [];
  const open = items.filter((i) => !i.status).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setNameError(null);
    add.mutate(
      { name: name.trim(), description: description.trim(), status: done },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          setDone(false);
        },
        onError: (error) => fail(error, 'not saved'),
      },
    );
  };

  return (
    <div className="admin-screen">
      <ScreenHeader title={title} description={items.length ? `${open} open, ${items.length - open} done.` : undefined}>
        <ConfirmDelete
          confirmLabel="Yes, delete all"
          trigger={
            <button
              type="button"
              className="btn btn--ghost btn--sm stock-card__delete"
              disabled={items.length === 0 || removeAll.isPending}
            >
              Delete all
            </button>
          }
          onConfirm={() => removeAll.mutate(undefined, { onError: (error) => fail(error, 'Error! CheckList not deleted') })}
        />
      </ScreenHeader>
      <section className="card admin-section" aria-labelledby="check-add-heading">
        <h2 id="check-add-heading" className="section-title">
          Add an item
        </h2>
        <form className="form-stack" onSubmit={submit} noValidate>
          <div className="form-grid admin-form-grid">
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} required autoComplete="off" />
            <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} autoComplete="off" />
          </div>
          <Checkbox label="Done" checked={done} onCheckedChange={setDone} />
          <div className="form-actions form-actions--start">
            <button type="submit" className="btn btn--primary" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add item'}
            </button>
          </div>
        </form>
      </section>
      <QueryState query={query} label="the check list" isEmpty={items.length === 0} empty={<p>The check list is empty.</p>}>
        <ul className="admin-checklist" aria-label={title}>
          {items.map((item) => (
            <li key={item._id} className={item.status ? 'admin-checklist__item is-done' : 'admin-checklist__item'}>
              <Checkbox
                label={
                  <span className="admin-checklist__text">
                    <span className="admin-checklist__name">{item.name}</span>
                    {item.description ? <span className="admin-checklist__description"> — {item.description}</span> : null}
                  </span>
                }
                checked={item.status}
                onCheckedChange={(status) =>
                  edit.mutate({ id: item._id, status }, { onError: (error) => fail(error, 'Error! CheckList not updated') })
                }
              />
              <ConfirmDelete
                trigger={
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm stock-card__delete"
                    aria-label={`Delete ${item.name}`}
                    disabled={remove.isPending}
                  >
                    Delete
                  </button>
                }
                onConfirm={() => remove.mutate(item._id, { onError: (error) => fail(error, 'Error! CheckList not deleted') })}
              />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}
