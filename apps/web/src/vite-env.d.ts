/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time root URL of the operator manual (README "Configuration"); unset = no manual link. */
  readonly VITE_MANUAL_ROOT?: string;
}
