export { RichMenuModePage } from './pages/rich-menu-mode-page';
export { RichMenuEditorPage } from './pages/rich-menu-editor-page';
export { VisualPage } from './pages/visual-page';
export { RichMenuPanel, RichMenuPreview } from './components/rich-menu-preview';
export { FriendRichMenu } from './components/friend-rich-menu';
