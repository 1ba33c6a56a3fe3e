import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './errors.js';
import { fieldErrorsFromIssues } from './field-errors.js';
import './index.js';

const form = z.object({
  name: z.string().min(1),
  items: z.array(z.object({ label: z.string().min(1) })),
});

function issuesOf(value: unknown) {
  const parsed = form.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues;
}

describe('fieldErrorsFromIssues', () => {
  it('names nested fields with dotted paths, list items by index', () => {
    const errors = fieldErrorsFromIssues(issuesOf({ name: '', items: [{ label: 'a' }, {}] }));
    expect(Object.keys(errors).sort()).toEqual(['items.1.label', 'name']);
  });

  it('keeps zod’s Japanese messages as they are', () => {
    const errors = fieldErrorsFromIssues(issuesOf({ name: 3, items: [] }));
    expect(errors.name).toHaveLength(1);
    expect(errors.name?.[0]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('gathers every message of one field, in order', () => {
    const errors = fieldErrorsFromIssues([
      { path: ['name'], message: '一つ目' },
      { path: ['name'], message: '二つ目' },
    ]);
    expect(errors).toEqual({ name: ['一つ目', '二つ目'] });
  });

  it('puts the prefix in front of every path', () => {
    const errors = fieldErrorsFromIssues([{ path: ['start', 0], message: 'x' }], {
      prefix: 'value',
    });
    expect(errors).toEqual({ 'value.start.0': ['x'] });
  });

  it('names an issue about the whole input by the prefix, else by `whole`, else ""', () => {
    const issue = { path: [], message: 'x' };
    expect(fieldErrorsFromIssues([issue], { prefix: 'value', whole: 'body' })).toEqual({
      value: ['x'],
    });
    expect(fieldErrorsFromIssues([issue], { whole: 'querystring' })).toEqual({
      querystring: ['x'],
    });
    expect(fieldErrorsFromIssues([issue])).toEqual({ '': ['x'] });
  });

  it('gives an issue without a message the general Japanese one', () => {
    expect(fieldErrorsFromIssues([{ path: ['id'] }])).toEqual({ id: [MESSAGES.validationFailed] });
  });

  it('returns no errors for no issues', () => {
    expect(fieldErrorsFromIssues([])).toEqual({});
  });
});
