// The follow-up board (issue 24) as its own lazily loaded chunk (route-pages.ts).
import { BoardPage } from '@/features/board';
import type { PageProps } from '../route-handle';

export function BoardListRoute({ title }: PageProps) {
  return <BoardPage title={title} />;
}
