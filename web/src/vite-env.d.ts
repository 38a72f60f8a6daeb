/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External "Buy a License" link on the sign-in page; see lib/config.ts. */
  readonly VITE_LICENSE_URL?: string;
  /** Seed shop search address with {query} for Buy Seeds; see lib/config.ts. */
  readonly VITE_SEED_SHOP_SEARCH_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
