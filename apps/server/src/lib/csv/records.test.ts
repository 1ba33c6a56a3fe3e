import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvFormatError, csvRecords, type CsvRecord } from './records.js';

/**
 * The upload's own CSV reader against csv-parse (which it replaced, docs/decisions/0020), with
 * the options the upload used: the same records and line numbers on any file written with one
 * line ending, and a format error on the same line for a stray quote.
 */

const MAX = 64 * 1024;

function ours(text: string): CsvRecord[] {
  return [...csvRecords(text, MAX)];
}

function reference(text: string): CsvRecord[] {
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
}

function errorLine(read: () => unknown): number | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    if (error instanceof CsvFormatError) return error.line;
    return (error as { lines?: number }).lines;
  }
}

const plain = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', 'あ', '髙', '\t', '\\', ';') });
const quotable = fc.string({
  unit: fc.constantFrom('a', ' ', 'あ', ',', '"', '\n', '\t', '\\', '　'),
});
const cell = fc.oneof(
  plain,
  quotable.map((value) => `"${value.replaceAll('"', '""')}"`),
);
const record = fc.array(cell, { minLength: 1, maxLength: 5 }).map((cells) => cells.join(','));
const file = fc.record({
  eol: fc.constantFrom('\n', '\r\n', '\r'),
  lines: fc.array(fc.oneof(record, fc.constantFrom('', ',,', ' , ', '""')), { maxLength: 8 }),
  trailing: fc.boolean(),
  bom: fc.boolean(),
});
interface FileInput {
  eol: string;
  lines: string[];
  trailing: boolean;
  bom: boolean;
}
const text = ({ eol, lines, trailing, bom }: FileInput) =>
  `${bom ? '\uFEFF' : ''}${lines.join(eol)}${trailing ? eol : ''}`;

describe('tel upload CSV reader', () => {
  it('DEC-08 reads the same records with the same line numbers as csv-parse', () => {
    fc.assert(
      fc.property(file, (input) => {
        const csv = text(input);
        expect(ours(csv)).toEqual(reference(csv));
      }),
      { numRuns: 2000 },
    );
  });

  it('DEC-08 a stray quote is a format error on the same line as csv-parse reports', () => {
    const broken = fc.constantFrom('a"b', '"a"b', '"a" ', 'x""');
    fc.assert(
      fc.property(file, fc.nat(), broken, (input, at, bad) => {
        const lines = [...input.lines];
        lines.splice(at % (lines.length + 1), 0, `1,${bad},2`);
        const csv = text({ ...input, lines });
        const line = errorLine(() => ours(csv));
        expect(line).toBeDefined();
        expect(line).toBe(errorLine(() => reference(csv)));
      }),
      { numRuns: 1000 },
    );
  });

  it('a quote never closed is an error on the line where it opened', () => {
    expect(errorLine(() => ours('h,x\n1,2\n3,"abc\n4,5\n6,7\n'))).toBe(3);
  });

  it('a record longer than the limit is an error on the line where it began', () => {
    expect(errorLine(() => [...csvRecords(`h\n1\n"${'a\n'.repeat(10)}"\n`, 15)])).toBe(3);
  });

  it('a record over the limit is an error on the line where it began, whatever fills it', () => {
    // Now found while scanning, before more cells are built (memory: tel-upload-memory.test.ts).
    const head = 'h,x\n1,2\n';
    const long = 1_000_000;
    for (const record of [
      ','.repeat(long),
      'a'.repeat(long),
      `"${'a\n'.repeat(long / 2)}"`,
      `"${'""'.repeat(long / 2)}"`,
      `"a",${'"",'.repeat(long / 3)}`,
    ]) {
      expect(errorLine(() => [...csvRecords(`${head}${record}\nz,z\n`, 1000)])).toBe(3);
    }
  });

  it('mixed line endings each end a line (csv-parse kept the first kind only)', () => {
    expect(ours('h,x\r\na,b\nc,d\re,f')).toEqual([
      { cells: ['h', 'x'], line: 1 },
      { cells: ['a', 'b'], line: 2 },
      { cells: ['c', 'd'], line: 3 },
      { cells: ['e', 'f'], line: 4 },
    ]);
  });

  it('a line break inside quotes counts one line, CRLF included', () => {
    expect(ours('h,x\r\n"a\r\nb",c\r\nd,e\r\n')).toEqual([
      { cells: ['h', 'x'], line: 1 },
      { cells: ['a\r\nb', 'c'], line: 3 },
      { cells: ['d', 'e'], line: 4 },
    ]);
  });
});
