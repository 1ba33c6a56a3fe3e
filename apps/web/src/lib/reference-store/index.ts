export {
  CHOICES_LOAD_ERROR,
  COMMON_VARS_LOAD_ERROR,
  REFERENCE_LOAD_ERROR,
  VARIA_LOAD_ERROR,
  type ReferenceData,
  type ReferenceKind,
  type SalonStatus,
} from './reference-kinds';
export { createReferenceStore, entryOf, type Entry, type ReferenceStore } from './reference-store';
export {
  referenceStoreFor,
  reloadReference,
  useReference,
  useReferenceStore,
} from './use-reference-store';
export { useInsertables } from './use-insertables';
