export { EpisodeListPage } from './pages/episode-list-page';
