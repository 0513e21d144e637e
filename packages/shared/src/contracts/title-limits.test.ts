import { describe, expect, it } from 'vitest';
import { PROMOTION_TITLE_MAX, promotionCreateSchema, promotionSettingsSchema } from './promotions.js';
import { TASK_TITLE_MAX, taskFieldsSchema } from './tasks.js';
import { createThreadSchema, THREAD_TITLE_MAX } from './threads.js';

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.find((issue) => issue.path[0] === 'title')?.message;

describe("a title over its limit says the limit (issue 18: 'Titre trop long' alone)", () => {
  it.each([
    ['a task', taskFieldsSchema, TASK_TITLE_MAX, 'Titre trop long : 255 caractères au maximum'],
    ['a thread', createThreadSchema, THREAD_TITLE_MAX, 'Titre trop long : 200 caractères au maximum'],
    ['a new promotion', promotionCreateSchema, PROMOTION_TITLE_MAX, 'Titre trop long : 200 caractères au maximum'],
    ["a promotion's settings", promotionSettingsSchema, PROMOTION_TITLE_MAX, 'Titre trop long : 200 caractères au maximum'],
  ] as const)('%s', (_what, schema, max, message) => {
    expect(messageOf(schema.safeParse({ title: 'a'.repeat(max + 1) }))).toBe(message);
    expect(messageOf(schema.safeParse({ title: 'a'.repeat(max) }))).toBeUndefined();
  });
});
