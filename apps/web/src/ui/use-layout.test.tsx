import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assumeWidth, releaseAssumedWidth, useLayout } from './use-layout';

/** A media query list the test switches, as the browser does when the window is resized. */
class FakeList extends EventTarget {
  constructor(
    readonly media: string,
    public matches: boolean,
  ) {
    super();
  }
  set(matches: boolean) {
    this.matches = matches;
    this.dispatchEvent(new Event('change'));
  }
}

function Layout() {
  const { mobile, narrow } = useLayout();
  return <p>{`${mobile ? 'mobile' : 'desktop'} ${narrow ? 'narrow' : 'wide'}`}</p>;
}

const innerWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth');
afterEach(() => {
  vi.unstubAllGlobals();
  if (innerWidth) Object.defineProperty(window, 'innerWidth', innerWidth);
  else Reflect.deleteProperty(window, 'innerWidth');
});

describe('useLayout', () => {
  it('follows the breakpoints through media queries and never reads the window width (a forced layout on a phone)', () => {
    const lists = new Map<string, FakeList>();
    vi.stubGlobal('matchMedia', (query: string) => {
      const list = lists.get(query) ?? new FakeList(query, false);
      lists.set(query, list);
      return list;
    });
    const widthRead = vi.fn(() => 1280);
    Object.defineProperty(window, 'innerWidth', { configurable: true, get: widthRead });

    // A page rendered on the server for a phone is hydrated as laid out there, whatever the window.
    assumeWidth(412);
    render(<Layout />);
    expect(screen.getByText('mobile narrow')).toBeTruthy();

    // Then the window's own layout: a desktop here.
    act(() => {
      releaseAssumedWidth();
    });
    expect(screen.getByText('desktop wide')).toBeTruthy();
    expect([...lists.keys()]).toEqual(['(width < 959px)', '(width < 599px)']);

    act(() => {
      lists.get('(width < 959px)')?.set(true);
    });
    expect(screen.getByText('mobile wide')).toBeTruthy();
    act(() => {
      lists.get('(width < 599px)')?.set(true);
    });
    expect(screen.getByText('mobile narrow')).toBeTruthy();
    expect(widthRead).not.toHaveBeenCalled();
  });
});
