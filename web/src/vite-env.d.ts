/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External "Buy a License" link on the sign-in page; see lib/config.ts. */
  readonly VITE_LICENSE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
