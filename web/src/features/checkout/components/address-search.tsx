import { useEffect, useId, useRef, useState } from 'react';
import type { Address } from '../../../types/api';
import { loadScript } from '../lib/square';
import { parseFormattedAddress } from '../../../lib/address';

/* The few parts of Google Places we use. */
interface PlaceResult {
  formatted_address?: string;
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
}
interface Autocomplete {
  addListener(event: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): PlaceResult;
}
interface GoogleMaps {
  maps: {
    places: {
      Autocomplete: new (input: HTMLInputElement, options: Record<string, unknown>) => Autocomplete;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleMaps;
  }
}

export const GOOGLE_MAPS_KEY = import.meta.env.VITE_GOOGLE_MAPS_KEY ?? '';

/** Fields of an address derived from a picked place: state and postcode from the formatted address. */
export function addressFromPlace(place: PlaceResult): Partial<Address> {
  const parsed = parseFormattedAddress(place.formatted_address ?? '');
  const component = (type: string) => place.address_components?.find((c) => c.types.includes(type));
  const streetNumber = component('street_number')?.long_name;
  const route = component('route')?.long_name;
  const subpremise = component('subpremise')?.long_name;
  const street = [subpremise ? `${subpremise}/` : '', streetNumber ?? '', streetNumber ? ' ' : '', route ?? ''].join('').trim();
  return {
    addressLine1: street || parsed.addressLine1,
    suburb: component('locality')?.long_name ?? parsed.suburb,
    state: parsed.state || component('administrative_area_level_1')?.short_name || '',
    postalCode: parsed.postalCode || component('postal_code')?.long_name || '',
  };
}

/** Address search restricted to Australia (Google Places); shown only when VITE_GOOGLE_MAPS_KEY is set. */
export function AddressSearch({ onPick }: { onPick: (fields: Partial<Address>) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!GOOGLE_MAPS_KEY) return;
    let listener: { remove(): void } | undefined;
    let cancelled = false;
    loadScript(`https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(GOOGLE_MAPS_KEY)}&libraries=places`)
      .then(() => {
        if (cancelled || !input.current || !window.google?.maps?.places) return;
        const autocomplete = new window.google.maps.places.Autocomplete(input.current, {
          componentRestrictions: { country: 'au' },
          fields: ['formatted_address', 'address_components'],
          types: ['address'],
        });
        listener = autocomplete.addListener('place_changed', () => pick.current(addressFromPlace(autocomplete.getPlace())));
      })
      .catch((error: unknown) => {
        console.error(error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      listener?.remove();
    };
  }, []);

  if (!GOOGLE_MAPS_KEY || failed) return null;
  return (
    <div className="field field--full">
      <label htmlFor={id} className="field__label">
        Search for your address
      </label>
      <input id={id} ref={input} className="input" type="text" placeholder="Start typing an Australian address" autoComplete="off" />
    </div>
  );
}
