import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRouterProvider } from '@/lib/app-router-provider';
import { LEAVE_TEXT, LeaveGuardProvider } from './leave-guard-provider';
import { useLeaveGuard, useLeaveGuardConfirm, useUnsavedChanges } from './use-leave-guard';

/** A form with one field; 保存 "saves" (releases the guard) and moves to /done. */
function NoteForm({ onSaved }: { onSaved?: () => void }) {
  const [note, setNote] = useState('');
  const { dirty, release } = useUnsavedChanges({ note }, { note: '' });
  return (
    <form>
      <label>
        メモ
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <span data-testid="dirty">{String(dirty)}</span>
      <button
        type="button"
        onClick={() => {
          release();
          onSaved?.();
        }}
      >
        保存
      </button>
    </form>
  );
}

function SignOut() {
  const confirmLeave = useLeaveGuardConfirm();
  const [answer, setAnswer] = useState<string>('');
  return (
    <>
      <button type="button" onClick={() => void confirmLeave().then((go) => setAnswer(String(go)))}>
        ログアウト
      </button>
      <output>{answer}</output>
    </>
  );
}

function renderForms(page: React.ReactNode) {
  const routes: RouteObject[] = [
    {
      element: (
        <LeaveGuardProvider>
          <Link to="/other">よそへ</Link>
          <Link to="/form?tab=2">同じページの別タブ</Link>
          <SignOut />
          <Outlet />
        </LeaveGuardProvider>
      ),
      children: [
        { path: '/form', element: page },
        { path: '/other', element: <h1>よそのページ</h1> },
        { path: '/done', element: <h1>保存しました</h1> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/form'] });
  const user = userEvent.setup();
  render(<AppRouterProvider router={router} />);
  return { router, user, path: () => router.state.location.pathname };
}

function beforeUnloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leave guard (REF-17 dirty flag)', () => {
  it('REF-17 a form starts clean: moving away does not ask, closing the tab is not stopped', async () => {
    const app = renderForms(<NoteForm />);
    expect(screen.getByTestId('dirty')).toHaveTextContent('false');
    expect(beforeUnloadIsStopped()).toBe(false);
    await app.user.click(screen.getByRole('link', { name: 'よそへ' }));
    expect(app.path()).toBe('/other');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('REF-17 with unsaved changes an in-app move asks first; 編集を続ける stays, keeping the input', async () => {
    const app = renderForms(<NoteForm />);
    await app.user.type(screen.getByLabelText('メモ'), '下書き');
    expect(screen.getByTestId('dirty')).toHaveTextContent('true');
    await app.user.click(screen.getByRole('link', { name: 'よそへ' }));
    const ask = screen.getByRole('alertdialog', { name: LEAVE_TEXT.title });
    expect(ask).toHaveTextContent(LEAVE_TEXT.message);
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(app.path()).toBe('/form');
    expect(screen.getByLabelText('メモ')).toHaveValue('下書き');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('REF-17 破棄して移動 goes on to the page that was asked for', async () => {
    const app = renderForms(<NoteForm />);
    await app.user.type(screen.getByLabelText('メモ'), '下書き');
    await app.user.click(screen.getByRole('link', { name: 'よそへ' }));
    await app.user.click(screen.getByRole('button', { name: LEAVE_TEXT.leave }));
    expect(await screen.findByRole('heading', { name: 'よそのページ' })).toBeVisible();
    expect(app.path()).toBe('/other');
  });

  it('REF-17 the browser back button is asked about too', async () => {
    const app = renderForms(<NoteForm />);
    await act(() => app.router.navigate('/other'));
    await act(() => app.router.navigate('/form'));
    await app.user.type(screen.getByLabelText('メモ'), 'x');
    await act(() => app.router.navigate(-1));
    expect(screen.getByRole('alertdialog', { name: LEAVE_TEXT.title })).toBeVisible();
    expect(app.path()).toBe('/form');
  });

  it('REF-17 a change of query string (another tab of the page) is asked about', async () => {
    const app = renderForms(<NoteForm />);
    await app.user.type(screen.getByLabelText('メモ'), 'x');
    await app.user.click(screen.getByRole('link', { name: '同じページの別タブ' }));
    expect(screen.getByRole('alertdialog', { name: LEAVE_TEXT.title })).toBeVisible();
    expect(app.router.state.location.search).toBe('');
  });

  it('REF-17 closing or reloading the tab with unsaved changes gets the browser’s question', async () => {
    const app = renderForms(<NoteForm />);
    await app.user.type(screen.getByLabelText('メモ'), 'x');
    expect(beforeUnloadIsStopped()).toBe(true);
    await app.user.clear(screen.getByLabelText('メモ'));
    // Back to what it started with: nothing to lose.
    expect(screen.getByTestId('dirty')).toHaveTextContent('false');
    expect(beforeUnloadIsStopped()).toBe(false);
  });

  it('REF-17 a save that succeeded leaves without asking (release before navigating)', async () => {
    const app = renderForms(<NoteForm onSaved={() => void app.router.navigate('/done')} />);
    await app.user.type(screen.getByLabelText('メモ'), '清書');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('heading', { name: '保存しました' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(beforeUnloadIsStopped()).toBe(false);
  });

  it('REF-17 one dirty form among several is enough to ask', async () => {
    function Two() {
      const [a, setA] = useState(false);
      useLeaveGuard(false);
      useLeaveGuard(a);
      return (
        <button type="button" onClick={() => setA(true)}>
          変更
        </button>
      );
    }
    const app = renderForms(<Two />);
    await app.user.click(screen.getByRole('button', { name: '変更' }));
    await app.user.click(screen.getByRole('link', { name: 'よそへ' }));
    expect(screen.getByRole('alertdialog', { name: LEAVE_TEXT.title })).toBeVisible();
  });

  it('REF-17 leaving without a route change (signing out) asks only when something is unsaved', async () => {
    const app = renderForms(<NoteForm />);
    await app.user.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('status')).toHaveTextContent('true');

    await app.user.type(screen.getByLabelText('メモ'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'ログアウト' }));
    const ask = screen.getByRole('alertdialog', { name: LEAVE_TEXT.title });
    await app.user.click(within(ask).getByRole('button', { name: LEAVE_TEXT.stay }));
    expect(await screen.findByRole('status')).toHaveTextContent('false');

    await app.user.click(screen.getByRole('button', { name: 'ログアウト' }));
    await app.user.click(screen.getByRole('button', { name: LEAVE_TEXT.leave }));
    expect(await screen.findByRole('status')).toHaveTextContent('true');
    // Having chosen to leave, the next move does not ask again.
    await app.user.click(screen.getByRole('link', { name: 'よそへ' }));
    expect(app.path()).toBe('/other');
  });

  it('a form with a leave guard outside the provider is a mistake that says so', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => renderHook(() => useLeaveGuard(true))).toThrow(/LeaveGuardProvider/);
    } finally {
      console.error = quiet;
    }
  });
});
