import { createContext, useContext } from 'react';
import type { MenuSection } from './menu-sections';

/**
 * The signed-in operator's menu, worked out once by the main layout (which knows which routes
 * have screens) and read by the side menu and the top page.
 */
export const MenuContext = createContext<readonly MenuSection[] | null>(null);

export function useMenuSections(): readonly MenuSection[] {
  const sections = useContext(MenuContext);
  if (!sections) throw new Error('useMenuSections used outside <MainLayout>');
  return sections;
}
