export { TemplateListPage } from './pages/template-list-page';
export { TemplateEditPage } from './pages/template-edit-page';
export { FlexEditPage } from './pages/flex-edit-page';
// Pieces the お知らせ composer reuses (issue 24): the message editor, its drafts, the preview,
// and the test send dialog.
export { MessageEditor } from './components/message-editor';
export {
  DRAFT_TYPE_LABELS,
  emptyDraft,
  fromLineMessage,
  toLineMessage,
  type DraftType,
  type MessageDraft,
} from './components/message-draft';
export { LinePreview } from './components/line-preview';
export { useAliasNames } from './components/use-alias-names';
export { TestSendDialog } from './components/test-send-dialog';
export { useTemplateList } from './api/templates-api';
// The Visual canvas (ROUTE-01, issue 25) shows a flex message above a rich menu.
export { FlexPreview } from './components/flex-preview';
