import type { CommonVars, Course, Forms, Resource, VarChoice, Varia } from '@tsunagu/contracts';

export type SalonStatus = {
  id: number;
  key: string;
  name: string;
  color: string;
  holds_slot: boolean;
};

/** REF-01: every kind the console's reference store holds, each with its own loaded flag. */
export type ReferenceData = {
  /** REF-02, per salon id. */
  resources: Resource[];
  /** REF-03, per salon id. */
  courses: Course[];
  /** REF-04. */
  statuses: SalonStatus[];
  /** REF-05, per friend-information field id. */
  choices: VarChoice[];
  /** REF-06/REF-08: friend-information definitions. */
  varia: Varia;
  /** REF-09: common-information definitions. */
  commonVars: CommonVars;
  /** REF-11. */
  forms: Forms;
};
export type ReferenceKind = keyof ReferenceData;

/** Kinds held per id: resources and courses per salon, choices per friend-information field. */
export type KeyedKind = 'resources' | 'courses' | 'choices';
export type SingleKind = Exclude<ReferenceKind, KeyedKind>;

/** REF-26..29: the error toast of a failed load, per kind. */
export const REFERENCE_LOAD_ERROR = '読み込み中にエラーが発生しました';
export const CHOICES_LOAD_ERROR = '友だち情報選択肢の読み込み中にエラーが発生しました';
export const VARIA_LOAD_ERROR = '友だち情報の読み込み中にエラーが発生しました';
export const COMMON_VARS_LOAD_ERROR = '共通情報の読み込み中にエラーが発生しました';

const noGroups = () => ({ groups: [], items: [], ids: [] });

type KindRule<K extends ReferenceKind> = {
  empty: () => ReferenceData[K];
  message: string;
  /** REF-23: what a failed load leaves (default: the data it had). */
  onFailure?: () => ReferenceData[K];
  /** REF-30: an HTTP status that is no error for this kind — loaded, nothing shown. */
  silentStatus?: number;
};

export const KIND_RULES: { [K in ReferenceKind]: KindRule<K> } = {
  resources: { empty: () => [], message: REFERENCE_LOAD_ERROR },
  courses: { empty: () => [], message: REFERENCE_LOAD_ERROR },
  statuses: { empty: () => [], message: REFERENCE_LOAD_ERROR },
  choices: { empty: () => [], message: CHOICES_LOAD_ERROR, onFailure: () => [] },
  varia: { empty: noGroups, message: VARIA_LOAD_ERROR },
  commonVars: { empty: noGroups, message: COMMON_VARS_LOAD_ERROR, silentStatus: 403 },
  forms: { empty: noGroups, message: VARIA_LOAD_ERROR },
};

export type ReferenceFetchers = {
  [K in ReferenceKind]: K extends KeyedKind
    ? (id: number) => Promise<ReferenceData[K]>
    : () => Promise<ReferenceData[K]>;
};
