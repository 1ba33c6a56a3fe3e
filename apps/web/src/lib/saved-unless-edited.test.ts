import { describe, expect, it } from 'vitest';
import { savedUnlessEdited } from './saved-unless-edited';

describe('savedUnlessEdited', () => {
  const sent = { title: '春のキャンペーン' };
  const saved = { title: '春のキャンペーン' };

  it('takes the saved values when nothing was edited while saving', () => {
    expect(savedUnlessEdited(sent, saved)(sent)).toBe(saved);
  });

  it('keeps an edit made while the save was on its way', () => {
    const edited = { title: '夏のキャンペーン' };
    expect(savedUnlessEdited(sent, saved)(edited)).toBe(edited);
  });
});
