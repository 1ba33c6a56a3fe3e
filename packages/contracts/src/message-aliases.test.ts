import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasesIn, renderAliases, type AliasLookups } from './message-aliases.js';

const lookups: AliasLookups = {
  var: (key) => ({ '1': '花子', '2': '2026年11月24日' })[key],
  commonVar: (key) => (key === 'shop_phone' ? '03-0000-0000' : undefined),
};

describe('message aliases', () => {
  it('replaces each alias with the friend’s value; a missing value or an unwired type becomes empty', () => {
    expect(
      renderAliases(
        '{{var:1}}様 ご予約は{{var:2}}です。{{var:9}}{{form:entry}}☎{{commonVar:shop_phone}}',
        lookups,
      ),
    ).toBe('花子様 ご予約は2026年11月24日です。☎03-0000-0000');
  });

  it('leaves text that is not an alias as written, and never expands a value again', () => {
    expect(renderAliases('{{var:}} {{other:1}} {var:1} {{ var:1 }}', lookups)).toBe(
      '{{var:}} {{other:1}} {var:1} {{ var:1 }}',
    );
    expect(renderAliases('{{var:1}}', { var: () => '{{var:1}}' })).toBe('{{var:1}}');
  });

  it('lists each alias once in order of appearance', () => {
    expect(aliasesIn('{{var:2}}{{commonVar:a_b}}{{var:2}}{{form:x}}')).toEqual([
      { type: 'var', key: '2' },
      { type: 'commonVar', key: 'a_b' },
      { type: 'form', key: 'x' },
    ]);
  });

  it('property: text without aliases is unchanged (300 runs)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(aliasesIn(text).length === 0);
        expect(renderAliases(text, lookups)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('property: rendering never throws and replaces every alias exactly once (300 runs)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '{{var:1}}',
        '{{var:77}}',
        '{{commonVar:shop_phone}}',
        '{{form:f}}',
        '{{',
        '}}',
        'var:1',
        '★',
      ),
    );
    const star = () => '★';
    const stars = (text: string) => [...text].filter((char) => char === '★').length;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        const occurrences = [...text.matchAll(/\{\{(var|commonVar|form):[A-Za-z0-9_-]{1,64}\}\}/g)];
        const rendered = renderAliases(text, { var: star, commonVar: star, form: star });
        expect(stars(rendered)).toBe(stars(text) + occurrences.length);
        expect(() => renderAliases(text, {})).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
