export { AiSettingsPage, AI_READ_ONLY_TEXT } from './pages/ai-settings-page';
