export { BoardPage } from './pages/board-page';
