import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, MAX_ID } from './ids.js';
import { PATH_PARAM_MAX_LENGTH, publicKeyParam } from './path-params.js';
import { courseInputSchema } from './salon/catalog.js';

/** What the OpenAPI document says of ids, keys and durations is what they accept (issue 28). */
describe('documented bounds match validation', () => {
  it('an id param is documented as an integer 1…MAX_ID and refuses 0, -1, 2^31 and 2^63', () => {
    expect(z.toJSONSchema(idParam, { io: 'input' })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: MAX_ID,
    });
    for (const text of ['0', '-1', '2147483648', '9223372036854775808', '1e3', '01'])
      expect(idParam.safeParse(text).success, text).toBe(false);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(idParam.parse('1')).toBe(1);
  });

  it('a public key is documented and accepted up to the router limit, not beyond', () => {
    expect(z.toJSONSchema(publicKeyParam)).toMatchObject({ maxLength: PATH_PARAM_MAX_LENGTH });
    expect(publicKeyParam.safeParse('k'.repeat(PATH_PARAM_MAX_LENGTH)).success).toBe(true);
    expect(publicKeyParam.safeParse('k'.repeat(PATH_PARAM_MAX_LENGTH + 1)).success).toBe(false);
  });

  it("a course's duration states its 5-minute step and refuses 62 with the Japanese message", () => {
    const duration = courseInputSchema.shape.duration;
    expect(z.toJSONSchema(duration)).toMatchObject({ multipleOf: 5 });
    const result = duration.safeParse(62);
    expect(result.error?.issues[0]?.message).toBe('所要時間は5分単位で入力してください');
    expect(duration.parse(65)).toBe(65);
  });
});
