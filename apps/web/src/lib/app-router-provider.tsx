import { flushSync } from 'react-dom';
import { RouterProvider, type DataRouter } from 'react-router';

/**
 * RouterProvider with ReactDOM.flushSync, as 'react-router/dom' does. Imported from the main
 * entry so tests (where Node loads 'react-router/dom' as a second copy) render the same thing.
 */
export function AppRouterProvider({ router }: { router: DataRouter }) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}
