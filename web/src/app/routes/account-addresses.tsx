import { useState } from 'react';
import type { Address } from '../../types/api';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/hooks';
import { useSession } from '../../lib/session';
import { Confirm } from '../../components/ui/confirm';
import { useNotify } from '../../components/ui/notify';
import { useAddAddress } from '../../features/checkout/api/add-address';
import { useCollateAddresses } from '../../features/checkout/api/collate-addresses';
import { useDeleteAddress } from '../../features/checkout/api/delete-address';
import { AddressForm } from '../../features/checkout/components/address-form';
import { addressErrors, emptyAddress, formatAddress, hasAddressErrors, type AddressErrors } from '../../lib/address';
import { useUi } from '../../lib/ui-state';

/** 'Your Addresses': saved addresses, add and delete, and Collate Addresses From Orders. */
export function AccountAddressesRoute() {
  const { user } = useSession();
  const { openDialog } = useUi();
  const notify = useNotify();
  const addAddress = useAddAddress();
  const deleteAddress = useDeleteAddress();
  const collate = useCollateAddresses();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Address>(emptyAddress());
  const [errors, setErrors] = useState<AddressErrors>({});
  useDocumentTitle('Your Addresses');

  if (!user) {
    return (
      <div className="page">
        <h1 className="page-title">Your Addresses</h1>
        <p>
          <button type="button" className="link-btn" onClick={() => openDialog('login')}>
            Log in
          </button>{' '}
          to see and manage your saved addresses.
        </p>
      </div>
    );
  }

  const addresses = user.addresses ?? [];

  const save = () => {
    const bad = addressErrors(draft);
    setErrors(bad);
    if (hasAddressErrors(bad)) return;
    addAddress.mutate(draft, {
      onSuccess: () => {
        notify({ title: 'Addresses updated', tone: 'success' });
        setAdding(false);
        setDraft(emptyAddress());
      },
      onError: (error) => notify({ title: 'Add Addresses failed', message: errorMessage(error), tone: 'error' }),
    });
  };

  return (
    <div className="page">
      <h1 className="page-title">Your Addresses</h1>
      {addresses.length === 0 ? <p>You have no saved addresses yet.</p> : null}
      <ul className="address-list" aria-label="Saved addresses">
        {addresses.map((address) => {
          const text = formatAddress(address);
          return (
            <li key={address._id} className="card address-card">
              <address className="address-card__text">
                <strong>{[address.givenName, address.familyName].filter(Boolean).join(' ')}</strong>
                <br />
                {address.addressLine1}
                <br />
                {[address.suburb, address.state, address.postalCode].filter(Boolean).join(' ')}
              </address>
              <Confirm
                title="Are you sure you want to delete address?"
                description={text}
                confirmLabel="Delete"
                onConfirm={() =>
                  address._id &&
                  deleteAddress.mutate(address._id, {
                    onSuccess: () => notify({ title: 'Address deleted', tone: 'success' }),
                    onError: (error) => notify({ title: 'Delete Addresses failed', message: errorMessage(error), tone: 'error' }),
                  })
                }
                trigger={
                  <button type="button" className="btn btn--ghost btn--sm" aria-label={`Delete address ${text}`}>
                    Delete
                  </button>
                }
              />
            </li>
          );
        })}
      </ul>
      {adding ? (
        <div className="card">
          <AddressForm value={draft} onChange={setDraft} invalid={errors} legend="New address" />
          <div className="form-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setAdding(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn--primary" onClick={save} disabled={addAddress.isPending}>
              Save new address
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions form-actions--start">
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            Add new address
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={collate.isPending}
            onClick={() =>
              collate.mutate(undefined, {
                onSuccess: () => notify({ title: 'Addresses updated - Please login again', tone: 'success' }),
                onError: (error) => notify({ title: 'Addresses failed', message: errorMessage(error), tone: 'error' }),
              })
            }
          >
            Collate Addresses From Orders
          </button>
        </div>
      )}
    </div>
  );
}
