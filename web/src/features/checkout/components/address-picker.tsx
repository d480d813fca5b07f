import * as RadioGroup from '@radix-ui/react-radio-group';
import { useImperativeHandle, useState, type Ref } from 'react';
import type { Address } from '../../../types/api';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../components/ui/notify';
import { Confirm } from '../../../components/ui/confirm';
import { TrashIcon } from '../../../components/ui/icons';
import { useAddAddress } from '../api/add-address';
import { useDeleteAddress } from '../api/delete-address';
import {
  addressErrors,
  emptyAddress,
  formatAddress,
  hasAddressErrors,
  invalidAddressFields,
  type AddressErrors,
} from '../../../lib/address';
import { AddressForm } from './address-form';

interface Props {
  label: string;
  addresses: Address[];
  selectedId: string | null;
  onSelect: (address: Address | null) => void;
  /** The problem with the choice ("Please choose an address."), shown under the list. */
  error?: string | null;
  ref?: Ref<AddressPickerHandle>;
}

export interface AddressPickerHandle {
  /**
   * Next was pressed. With the new-address form open and filled in (or no address chosen), it is
   * checked and saved, and the saved address answered (null: what is wrong is shown on the form, or
   * saving failed). Otherwise undefined: the chosen address stands.
   */
  takeDraft(): Promise<Address | null | undefined>;
}

/** Saved addresses as a radio group, each deletable after a confirm, with add new / cancel / save new address. */
export function AddressPicker({ label, addresses, selectedId, onSelect, error, ref }: Props) {
  const notify = useNotify();
  const addAddress = useAddAddress();
  const deleteAddress = useDeleteAddress();
  const [adding, setAdding] = useState(addresses.length === 0);
  const [draft, setDraft] = useState<Address>(emptyAddress());
  const [draftErrors, setDraftErrors] = useState<AddressErrors>({});

  const remove = (address: Address) => {
    if (!address._id) return;
    deleteAddress.mutate(address._id, {
      onSuccess: (data) => {
        notify({ title: 'Address deleted', tone: 'success' });
        const remaining = data.user?.addresses ?? addresses.filter((a) => a._id !== address._id);
        if (address._id === selectedId || !remaining.some((a) => a._id === selectedId)) onSelect(remaining[0] ?? null);
        if (remaining.length === 0) setAdding(true);
      },
      onError: (error) => notify({ title: 'Delete Addresses failed', message: errorMessage(error), tone: 'error' }),
    });
  };

  const saveDraft = (): Promise<Address | null> => {
    const bad = addressErrors(draft);
    setDraftErrors(bad);
    if (hasAddressErrors(bad)) return Promise.resolve(null);
    return new Promise((resolve) => {
      addAddress.mutate(draft, {
        onSuccess: (data) => {
          const list = data.user?.addresses ?? [];
          const saved = list[list.length - 1] ?? null;
          onSelect(saved);
          setAdding(false);
          setDraft(emptyAddress());
          setDraftErrors({});
          resolve(saved);
        },
        onError: (e) => {
          notify({ title: 'Add Addresses failed', message: errorMessage(e), tone: 'error' });
          resolve(null);
        },
      });
    });
  };

  const save = () => {
    void saveDraft().then((saved) => {
      if (saved) notify({ title: 'Addresses updated', tone: 'success' });
    });
  };

  useImperativeHandle(ref, () => ({
    takeDraft: async () => {
      if (!adding) return undefined;
      const started = invalidAddressFields(draft).length < 6;
      if (!started && selectedId && addresses.some((a) => a._id === selectedId)) return undefined;
      return saveDraft();
    },
  }));

  return (
    <div className="address-picker">
      {addresses.length > 0 ? (
        <RadioGroup.Root
          className="radio-list"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          value={selectedId ?? ''}
          onValueChange={(id) => onSelect(addresses.find((a) => a._id === id) ?? null)}
        >
          {addresses.map((address) => {
            const text = formatAddress(address);
            const itemId = `address-${address._id}`;
            return (
              <div key={address._id} className={address._id === selectedId ? 'radio-card is-selected' : 'radio-card'}>
                <RadioGroup.Item className="radio" value={address._id ?? ''} id={itemId}>
                  <RadioGroup.Indicator className="radio__dot" />
                </RadioGroup.Item>
                <label htmlFor={itemId} className="radio-card__label">
                  {text}
                </label>
                <Confirm
                  title="Are you sure you want to delete address?"
                  description={text}
                  confirmLabel="Delete"
                  onConfirm={() => remove(address)}
                  trigger={
                    <button
                      type="button"
                      className="icon-btn icon-btn--danger"
                      aria-label={`Delete address ${text}`}
                      disabled={deleteAddress.isPending}
                    >
                      <TrashIcon size={18} />
                    </button>
                  }
                />
              </div>
            );
          })}
        </RadioGroup.Root>
      ) : null}
      {error && !adding ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {adding ? (
        <div className="address-picker__new">
          <AddressForm value={draft} onChange={setDraft} invalid={draftErrors} legend="New address" />
          <div className="form-actions">
            {addresses.length > 0 ? (
              <button type="button" className="btn btn--ghost" onClick={() => setAdding(false)}>
                Cancel
              </button>
            ) : null}
            <button type="button" className="btn btn--secondary" onClick={save} disabled={addAddress.isPending}>
              Save new address
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn--ghost" onClick={() => setAdding(true)}>
          Add new address
        </button>
      )}
    </div>
  );
}
