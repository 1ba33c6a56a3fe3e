import type { JsonSchema } from './operations.js';

/**
 * Hostile values of the sweep (issues 9 and 16): ids past the 32-bit column range and written
 * oddly, NUL and unpaired surrogates, 300,000-character strings, wrong types, impossible and
 * out-of-range dates and times, reversed ranges, deep nesting and prototype keys.
 */
const HUGE = 'x'.repeat(300_000);

/** Path parameter spellings (already percent-encoded where a URL needs it). */
export const HOSTILE_PATH_VALUES = [
  '99999999999',
  '2147483648',
  '9223372036854775808', // 2^63, past a bigint column too
  '1e3',
  '-1',
  '0',
  '1.5',
  '0x10',
  '%00',
  '%20',
  'abc',
  '%EF%BC%91', // full-width 1
  '%ED%A0%80', // a lone surrogate as (invalid) UTF-8
  '%C0%AE', // an overlong, undecodable sequence
  '%F0%9F%98%80',
  'x'.repeat(150),
];

/** Query values (percent-encoded where a URL needs it). */
export const HOSTILE_QUERY_VALUES = [
  '99999999999',
  '2147483648',
  '9223372036854775808',
  '1e3',
  '-1',
  '0',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  encodeURIComponent('１２'),
  '%20',
  '',
  'true',
  '1,2,99999999999',
  '1,,2',
  '2025-02-30',
  '0001-01-01',
  '9999-12-31',
  '2026-12-31..2026-01-01',
  '0001-01-01..9999-12-31',
  '2026-02-30..2026-03-01',
  'x'.repeat(30_000),
];

/**
 * True when `value` is an integer the parameter's documented bounds leave out (0, -1, 2^31 …
 * for an id): the server must refuse it, as the document says (issue 28).
 */
export function outsideDocumentedBounds(schema: JsonSchema, value: string): boolean {
  if (schema.type !== 'integer' || !/^-?\d+$/.test(value)) return false;
  const number = BigInt(value);
  return (
    (schema.minimum !== undefined && number < BigInt(schema.minimum)) ||
    (schema.maximum !== undefined && number > BigInt(schema.maximum))
  );
}

/** Values put in place of one body property. */
export const HOSTILE_BODY_VALUES: unknown[] = [
  99999999999,
  2147483648,
  2 ** 63,
  -1,
  0,
  1.5,
  1e308,
  '',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  HUGE,
  '1e3',
  '99999999999',
  '2025-02-30',
  '0001-01-01',
  '9999-12-31',
  '24:00',
  '25:61',
  '2026-12-31..2026-01-01',
  true,
  null,
  [],
  {},
  [99999999999, -1],
  ['\u0000'],
  JSON.parse('{"__proto__":{"polluted":1}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
];

/**
 * The per-field bodies still sent to a caller refused before the body (decision 0286), on the
 * first field: one the text guard refuses (preValidation) and one the schema refuses.
 */
export const BODY_WITNESSES: unknown[] = ['a\u0000b', []];

function nested(depth: number, open: string, close: string, leaf = '1'): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** Whole request bodies sent as they are (JSON text or not), with their content type. */
export const HOSTILE_RAW_BODIES: { body: string | Buffer; contentType?: string }[] = [
  { body: 'null', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '"x"', contentType: 'application/json' },
  { body: '123', contentType: 'application/json' },
  { body: '{', contentType: 'application/json' },
  { body: '{"a":1}garbage', contentType: 'application/json' },
  { body: nested(20_000, '{"a":', '}'), contentType: 'application/json' },
  { body: nested(100_000, '[', ']'), contentType: 'application/json' },
  { body: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
  { body: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
  { body: JSON.stringify(HUGE), contentType: 'application/json' },
  { body: '{"\\u0000":1}', contentType: 'application/json' },
  { body: '{"\\ud800":"\\udfff"}', contentType: 'application/json' },
  {
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    contentType: 'application/json',
  },
  { body: Buffer.alloc(2 * 1024 * 1024, 0x20), contentType: 'application/json' },
  { body: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  { body: '<x/>', contentType: 'text/xml' },
  { body: '{}', contentType: 'application/json; charset=shift_jis' },
  { body: '{}' },
];

/** Odd multipart bodies (issue 16 §4): cut off mid-part, two files, no file, a bad boundary. */
export function hostileMultipartBodies(): { body: Buffer; contentType: string }[] {
  const boundary = 'tsunagu-sweep';
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (name: string, filename: string | null, content: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"` +
    (filename ? `; filename="${filename}"\r\ncontent-type: text/csv` : '') +
    `\r\n\r\n${content}\r\n`;
  const csv = 'tel,date,time,template_id\r\n09012345678,2030-06-01,10:00,1\r\n';
  return [
    { body: Buffer.from(part('file', 'a.csv', csv).slice(0, 60)), contentType: type },
    {
      body: Buffer.from(
        part('file', 'a.csv', csv) + part('file', 'b.csv', csv) + `--${boundary}--\r\n`,
      ),
      contentType: type,
    },
    {
      body: Buffer.from(part('description', null, 'memo') + `--${boundary}--\r\n`),
      contentType: type,
    },
    { body: Buffer.from(`--${boundary}--\r\n`), contentType: type },
    { body: Buffer.from(part('file', 'a.csv', csv)), contentType: 'multipart/form-data' },
    {
      body: Buffer.from(
        part('file', 'a.csv', 'tel\r\n"\u0000' + ','.repeat(70_000)) + `--${boundary}--\r\n`,
      ),
      contentType: type,
    },
    { body: Buffer.from('not multipart at all'), contentType: type },
  ];
}

/** A plausible value for a schema: the base the per-property mutations start from. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) {
    const first = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return exampleOf(first, depth + 1);
  }
  const type = Array.isArray(schema.type)
    ? schema.type.find((t) => t !== 'null')
    : (schema.type ?? (schema.properties ? 'object' : undefined));
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          exampleOf(value, depth + 1),
        ]),
      );
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [exampleOf(schema.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      return exampleString(schema);
    default:
      return null;
  }
}

function exampleString(schema: JsonSchema): string {
  const pattern = schema.pattern ?? '';
  if (schema.format === 'date' || pattern.includes('\\d{4}-\\d{2}-\\d{2}')) {
    return pattern.includes('\\.\\.') ? '2030-06-03..2030-06-09' : '2030-06-03';
  }
  if (schema.format === 'date-time') return '2030-06-03T10:00:00+09:00';
  if (pattern.includes(':[0-5]')) return '10:00';
  if (pattern.startsWith('^#')) return '#336699';
  if (schema.format === 'uri') return 'https://example.com/';
  return 'スイープ';
}
