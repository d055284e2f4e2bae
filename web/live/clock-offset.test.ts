import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';
import { ClockOffset, formatRemaining, remainingMs } from './clock-offset.js';

describe('ClockOffset', () => {
  it('takes the round trip with the smallest delay (NTP-style midpoint)', () => {
    const clock = new ClockOffset();
    clock.addRoundTrip(1000, 6050, 1100); // rtt 100 → offset 6050 - 1050 = 5000
    clock.addRoundTrip(2000, 7030, 2200); // rtt 200: worse, ignored
    expect(clock.value).toBe(5000);
    clock.addRoundTrip(3000, 8004, 3010); // rtt 10 → 8004 - 3005 = 4999
    expect(clock.value).toBe(4999);
    expect(clock.serverNow(10_000)).toBe(14_999);
  });

  it('uses one-way stamps (the least delayed one) until a round trip is measured', () => {
    const clock = new ClockOffset();
    clock.addOneWay(5000, 1200); // delayed message: 3800
    clock.addOneWay(6000, 2050); // 3950, less delayed → kept
    expect(clock.value).toBe(3950);
    clock.addRoundTrip(3000, 7000, 3020);
    clock.addOneWay(99_999, 0);
    expect(clock.value).toBe(7000 - 3010);
    clock.reset();
    expect(clock.value).toBe(0);
  });

  it('remaining time is never negative and rounds up for display', () => {
    const clock = new ClockOffset();
    clock.addRoundTrip(0, 500, 0);
    expect(remainingMs(10_000, clock, 1000)).toBe(8500);
    expect(remainingMs(10_000, clock, 20_000)).toBe(0);
    expect(formatRemaining(83_400)).toBe('1:24');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(1)).toBe('0:01');
    expect(formatRemaining(3_600_000 + 61_000)).toBe('1:01:01');
  });
});

describe('backoffDelay', () => {
  it('doubles from 250 ms up to 5 s, with ±20 % jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(250);
    expect(backoffDelay(1, () => 0.5)).toBe(500);
    expect(backoffDelay(10, () => 0.5)).toBe(5000);
    expect(backoffDelay(10, () => 0)).toBe(4000);
    expect(backoffDelay(10, () => 1)).toBe(6000);
  });
});
