import { describe, expect, it } from 'vitest';
import { parseSessionDate } from '../../../src/eval/locomo/session-date.ts';

describe('parseSessionDate', () => {
  it('reads afternoon times', () => {
    expect(parseSessionDate('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
  });

  it('reads 12 am as midnight and 12 pm as noon', () => {
    expect(parseSessionDate('12:48 am on 1 February, 2023')).toBe('2023-02-01T00:48:00.000Z');
    expect(parseSessionDate('12:05 pm on 1 February, 2023')).toBe('2023-02-01T12:05:00.000Z');
  });

  it('accepts a missing comma and any letter case', () => {
    expect(parseSessionDate('9:27 AM on 7 february 2022')).toBe('2022-02-07T09:27:00.000Z');
  });

  it('refuses impossible dates and other shapes', () => {
    expect(parseSessionDate('1:00 pm on 31 June, 2023')).toBeNull();
    expect(parseSessionDate('13:00 pm on 1 June, 2023')).toBeNull();
    expect(parseSessionDate('1:00 pm on 1 Juneish, 2023')).toBeNull();
    expect(parseSessionDate('yesterday')).toBeNull();
  });
});
