import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPanelController,
  PANEL_SWITCH_DELAY_MS,
  type PanelContent,
} from './panel-controller';

const detail = (id: number): PanelContent => ({ form: 'reservation-detail', key: String(id) });
const form: PanelContent = { form: 'reservation', key: 'new' };

describe('side panel timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('TML-08 opening when none is open shows the panel at once, without the 250 ms delay', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(form);
    expect(onChange).toHaveBeenLastCalledWith(form);
    expect(panel.current()).toBe(form);
  });

  it('TML-09 opening while another is open closes it first and opens the new one after 250 ms', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(form);
    panel.open(detail(1));
    expect(onChange).toHaveBeenLastCalledWith(null);
    vi.advanceTimersByTime(PANEL_SWITCH_DELAY_MS - 1);
    expect(panel.current()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenLastCalledWith(detail(1));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('TML-09 a request made during the pause replaces the waiting one', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(form);
    panel.open(detail(1));
    vi.advanceTimersByTime(100);
    panel.open(detail(2));
    vi.advanceTimersByTime(PANEL_SWITCH_DELAY_MS);
    expect(panel.current()).toEqual(detail(2));
    expect(onChange.mock.calls.map(([content]) => content)).toEqual([form, null, detail(2)]);
  });

  it('TML-10 opening the detail of the reservation already shown does nothing', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(detail(7));
    panel.open(detail(7));
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(panel.current()).toEqual(detail(7));
  });

  it('TML-10 the detail of another reservation still switches (TML-09)', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(detail(7));
    panel.open(detail(8));
    vi.advanceTimersByTime(PANEL_SWITCH_DELAY_MS);
    expect(panel.current()).toEqual(detail(8));
  });

  it('closing cancels a waiting panel', () => {
    const onChange = vi.fn();
    const panel = createPanelController(onChange);
    panel.open(form);
    panel.open(detail(1));
    panel.close();
    vi.advanceTimersByTime(1000);
    expect(panel.current()).toBeNull();
  });
});
