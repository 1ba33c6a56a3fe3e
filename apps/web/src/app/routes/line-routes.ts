// The LINE連携 screen as its own lazily loaded chunk (route-pages.ts).
export { LineChannelPage } from '@/features/line';
