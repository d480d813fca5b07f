import * as RadioGroup from '@radix-ui/react-radio-group';
import { useState } from 'react';
import type { Address } from '../../../types/api';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../components/ui/notify';
import { Confirm } from '../../../components/ui/confirm';
import { TrashIcon } from '../../../components/ui/icons';
import { useAddAddress } from '../../addresses/api/add-address';
import { useDeleteAddress } from '../../addresses/api/delete-address';
import { emptyAddress, formatAddress, invalidAddressFields, type AddressField } from '../lib/address';
import { AddressForm } from './address-form';

interface Props {
  label: string;
  addresses: Address[];
  selectedId: string | null;
  onSelect: (address: Address | null) => void;
  invalid?: boolean;
}

/** Saved addresses as a radio group, each deletable after a confirm, with add new / cancel / save new address. */
export function AddressPicker({ label, addresses, selectedId, onSelect, invalid }: Props) {
  const notify = useNotify();
  const addAddress = useAddAddress();
  const deleteAddress = useDeleteAddress();
  const [adding, setAdding] = useState(addresses.length === 0);
  const [draft, setDraft] = useState<Address>(emptyAddress());
  const [draftErrors, setDraftErrors] = useState<AddressField[]>([]);

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

  const save = () => {
    const bad = invalidAddressFields(draft);
    setDraftErrors(bad);
    if (bad.length) return;
    addAddress.mutate(draft, {
      onSuccess: (data) => {
        notify({ title: 'Addresses updated', tone: 'success' });
        const list = data.user?.addresses ?? [];
        onSelect(list[list.length - 1] ?? null);
        setAdding(false);
        setDraft(emptyAddress());
        setDraftErrors([]);
      },
      onError: (error) => notify({ title: 'Add Addresses failed', message: errorMessage(error), tone: 'error' }),
    });
  };

  return (
    <div className="address-picker">
      {addresses.length > 0 ? (
        <RadioGroup.Root
          className="radio-list"
          aria-label={label}
          aria-invalid={invalid || undefined}
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
                    <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete address ${text}`} disabled={deleteAddress.isPending}>
                      <TrashIcon size={18} />
                    </button>
                  }
                />
              </div>
            );
          })}
        </RadioGroup.Root>
      ) : null}
      {invalid && !adding ? <p className="field__error">Please choose an address.</p> : null}
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
