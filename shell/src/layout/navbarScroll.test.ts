import { act, renderHook } from '@testing-library/react';
import { nextNavbarHidden, useNavbarHidden } from './navbarScroll';

describe('navbar scroll rule', () => {
  it('hides on a downward scroll of more than 10 px below 50 px', () => {
    expect(nextNavbarHidden(false, 100, 111)).toBe(true);
    expect(nextNavbarHidden(false, 100, 110)).toBe(false);
    expect(nextNavbarHidden(false, 20, 45)).toBe(false);
    expect(nextNavbarHidden(false, 40, 60)).toBe(true);
  });
  it('shows on an upward scroll', () => {
    expect(nextNavbarHidden(true, 300, 299)).toBe(false);
    expect(nextNavbarHidden(true, 300, 305)).toBe(true);
  });

  it('follows the window scroll position', () => {
    const { result } = renderHook(() => useNavbarHidden());
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        window.dispatchEvent(new Event('scroll'));
      });
    scrollTo(30);
    expect(result.current).toBe(false);
    scrollTo(200);
    expect(result.current).toBe(true);
    scrollTo(190);
    expect(result.current).toBe(false);
    // small steps add up until they pass 10 px
    scrollTo(196);
    expect(result.current).toBe(false);
    scrollTo(202);
    expect(result.current).toBe(true);
  });
});
