/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SQUARE_APPLICATION_ID?: string;
  readonly VITE_SQUARE_LOCATION_ID?: string;
  readonly VITE_GOOGLE_MAPS_KEY?: string;
  readonly VITE_SHOP_NAME?: string;
  readonly VITE_SHOP_EMAIL?: string;
  readonly VITE_SHOP_PICKUP_SUBURB?: string;
  readonly VITE_SHOP_ABN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
