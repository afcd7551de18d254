import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonText } from '../../src/server/http/json-text';

const item = z.object({ id: z.string(), count: z.number() });

describe('JSON text of a cached answer', () => {
  it('is made through the response schema, which strips the fields it does not name', () => {
    const value = { id: 'a', count: 2, passwordHash: 'secret' } as z.output<typeof item>;
    expect(JSON.parse(toJsonText(z.array(item), [value]).json)).toEqual([{ id: 'a', count: 2 }]);
  });

  it('refuses a value that breaks the schema', () => {
    const value = { id: 'a', count: 'two' } as unknown as z.output<typeof item>;
    expect(() => toJsonText(item, value)).toThrow(z.ZodError);
  });
});
