import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { modalZIndex } from './modal-stack';
import { OkAlertDialog } from './ok-alert-dialog';

function Stacked() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFirst(true)}>
        開く
      </button>
      <Dialog open={first} title="予約の編集" onClose={() => setFirst(false)}>
        <input aria-label="メモ" />
        <button type="button" onClick={() => setSecond(true)}>
          確認を開く
        </button>
        <Dialog open={second} title="確認" onClose={() => setSecond(false)}>
          <button type="button" onClick={() => setSecond(false)}>
            はい
          </button>
          <button type="button">いいえ</button>
        </Dialog>
      </Dialog>
    </>
  );
}

describe('dialogs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('UI-46 the OK-alert dialog is 480 px wide and closes with OK', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<OkAlertDialog open message="登録しました" onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog', { name: 'お知らせ' });
    expect(dialog).toHaveStyle({ width: '480px' });
    expect(dialog).toHaveTextContent('登録しました');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('UI-48 stacked modals get z-index 1000 + 2 × stacking index', async () => {
    expect([0, 1, 2, 5].map(modalZIndex)).toEqual([1000, 1002, 1004, 1010]);
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: '開く' }));
    await user.click(screen.getByRole('button', { name: '確認を開く' }));
    const bottom = screen.getByRole('dialog', { name: '予約の編集' });
    const top = screen.getByRole('dialog', { name: '確認' });
    expect(bottom.parentElement).toHaveStyle({ zIndex: '1000' });
    expect(bottom).toHaveStyle({ zIndex: '1001' });
    expect(top.parentElement).toHaveStyle({ zIndex: '1002' });
    expect(top).toHaveStyle({ zIndex: '1003' });
  });

  it('Escape closes only the top modal, and focus returns to what opened each one', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    const opener = screen.getByRole('button', { name: '開く' });
    await user.click(opener);
    const innerOpener = screen.getByRole('button', { name: '確認を開く' });
    await user.click(innerOpener);
    expect(screen.getByRole('button', { name: 'はい' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '確認' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '予約の編集' })).toBeInTheDocument();
    expect(innerOpener).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focus is trapped: Tab and Shift+Tab cycle inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: '開く' }));
    const memo = screen.getByRole('textbox', { name: 'メモ' });
    const next = screen.getByRole('button', { name: '確認を開く' });
    expect(memo).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
    await user.tab();
    expect(memo).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();
    expect(screen.getByRole('dialog', { name: '予約の編集' })).toHaveAttribute(
      'aria-modal',
      'true',
    );
  });
});

describe('swipe to close (pointer handling)', () => {
  const HEIGHT = 500; // 10 % = 50 px

  function renderSwipeable() {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <Dialog open title="詳細" onClose={onClose} swipeToClose>
        <p>本文</p>
      </Dialog>,
    );
    const panel = screen.getByRole('dialog', { name: '詳細' });
    vi.spyOn(panel, 'getBoundingClientRect').mockReturnValue({
      height: HEIGHT,
      width: 480,
      top: 0,
      left: 0,
      right: 480,
      bottom: HEIGHT,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const swipe = (distance: number, ms: number) => {
      const title = screen.getByRole('heading', { name: '詳細' });
      fireEvent.pointerDown(title, { pointerId: 1, clientY: 100, button: 0 });
      fireEvent.pointerMove(title, { pointerId: 1, clientY: 100 + distance / 2 });
      act(() => vi.advanceTimersByTime(ms));
      fireEvent.pointerUp(title, { pointerId: 1, clientY: 100 + distance });
    };
    return { onClose, panel, swipe };
  }

  it('UI-49 a slow swipe covering 10 % of the height closes the dialog', () => {
    const { onClose, swipe } = renderSwipeable();
    swipe(50, 1000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('UI-49 a slow swipe under 10 % does not close it, and the panel springs back', () => {
    const { onClose, swipe, panel } = renderSwipeable();
    swipe(49, 1000);
    expect(onClose).not.toHaveBeenCalled();
    expect(panel.style.transform).toBe('');
  });

  it('UI-50 a short swipe finished within 300 ms closes the dialog', () => {
    const { onClose, swipe } = renderSwipeable();
    swipe(20, 300);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('UI-50 the same short swipe taking 301 ms does not', () => {
    const { onClose, swipe } = renderSwipeable();
    swipe(20, 301);
    expect(onClose).not.toHaveBeenCalled();
  });
});
